import { type TikTokConnector, type TikTokOptions, tiktokConnector } from '../../../../adapters/outbound/platforms/tiktok/TikTokConnector';
import { type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type SettingsValuesOf } from '../../../../domain/platform/Platform';
import { type TikTokFake } from '../../../support/fakes/tiktokFake';
import { DAY_MS, mediaOnDisk, NOW, oauth2Grant, segmentToPublish } from '../../../support/platformTestKit';

export { NOW };

/** The connection's account: the creator the fake's tokens belong to. */
export const ACCOUNT: PublishingAccount = { accountId: 'open-7Qz', handle: 'ada.codes', publishAs: null };

export function connectorFor(fake: TikTokFake, options: Partial<TikTokOptions> = {}): TikTokConnector {
  return tiktokConnector({
    clientKey: fake.state.clientKey,
    clientSecret: fake.state.clientSecret,
    apiBaseUrl: fake.baseUrl,
    authBaseUrl: fake.baseUrl,
    timeoutMs: 5_000,
    now: () => NOW,
    ...options,
  });
}

export function grantFrom(
  tokens: { accessToken: string; refreshToken: string },
  scopes = ['user.info.basic', 'user.info.profile', 'video.publish'],
): OAuth2Grant {
  return oauth2Grant(tokens, { accessMs: DAY_MS, refreshMs: 365 * DAY_MS }, scopes);
}

export const PUBLIC: SettingsValuesOf<'TIKTOK'> = {
  privacy: 'PUBLIC_TO_EVERYONE',
  allowComments: true,
  allowDuet: false,
  allowStitch: true,
  promotionContent: 'SELF',
};

export function segment(overrides: Partial<SegmentToPublish> = {}, values: Partial<SettingsValuesOf<'TIKTOK'>> = {}): SegmentToPublish {
  return segmentToPublish(
    {
      settings: { platform: 'TIKTOK', values: { ...PUBLIC, ...values } },
      text: 'Shipping Dispatch 1.0 #release',
      media: [{ id: 'video-1', altText: null, thumbnailTimestamp: null }],
    },
    overrides,
  );
}

/** Library media backed by files on disk: `.mp4` files are videos, the rest JPEG photos; read in small chunks; links on media.example. */
export function mediaFrom(files: Record<string, string>, durationSeconds = 3): MediaAccess {
  const looks = { width: 720, height: 1280, videoSeconds: durationSeconds, videoAudioCodec: 'aac', imageMimeType: () => 'image/jpeg', chunkBytes: 64 * 1024 };
  return mediaOnDisk(files, looks, (mediaId) => `https://media.example/signed/${mediaId}?sig=abc`);
}
