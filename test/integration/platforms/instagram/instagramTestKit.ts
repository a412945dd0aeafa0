import fs from 'node:fs/promises';
import { instagramConnector, type InstagramConnector, type InstagramOptions } from '../../../../adapters/outbound/platforms/instagram/InstagramConnector';
import { type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { ALL_SCOPES, type InstagramFake } from '../../../support/fakes/instagramFake';
import { everyPlatformFiles } from '../../../support/mediaFiles';
import { ServedMediaAccess } from '../../../support/servedMediaAccess';
import { DAY_MS, NOW, oauth2Grant, segmentToPublish } from '../../../support/platformTestKit';

export { DAY_MS, NOW };

export function connectorFor(fake: InstagramFake, options: Partial<InstagramOptions> = {}): InstagramConnector {
  return instagramConnector({
    clientId: fake.state.clientId,
    clientSecret: fake.state.clientSecret,
    apiBaseUrl: fake.baseUrl,
    authBaseUrl: 'https://www.instagram.com',
    tokenBaseUrl: fake.baseUrl,
    timeoutMs: 5_000,
    now: () => NOW,
    ...options,
  });
}

/** The connection the engine hands the publisher: the professional account's id and username. */
export const ACCOUNT: PublishingAccount = { accountId: '17841405822304914', handle: 'ada.builds', publishAs: null };

export function grantFrom(accessToken: string, scopes = ALL_SCOPES): OAuth2Grant {
  return oauth2Grant({ accessToken, refreshToken: null }, { accessMs: 50 * DAY_MS, refreshMs: null }, scopes);
}

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return segmentToPublish(
    {
      settings: { platform: 'INSTAGRAM', values: { shareToFeed: true, shareToStory: false, trialReels: false, graduationStrategy: 'MANUAL' } },
      text: 'Shipping Dispatch 1.0 #launch',
      media: [{ id: 'photo', altText: 'A blue square', thumbnailTimestamp: null }],
    },
    overrides,
  );
}

/** The library double with a JPEG photo (`photo`, `photo2`) and an MP4 video (`clip`), served for Instagram to fetch. */
export async function servedMedia(): Promise<ServedMediaAccess> {
  const { photo, video } = await everyPlatformFiles();
  const media = await ServedMediaAccess.start();
  const photoFacts = { kind: 'image' as const, mimeType: 'image/jpeg', sizeBytes: (await fs.stat(photo)).size, width: 1080, height: 1080 };
  const stills = { ...photoFacts, durationSeconds: null, videoCodec: null, audioCodec: null };
  media.add('photo', photo, stills);
  media.add('photo2', photo, stills);
  const clip = { kind: 'video' as const, mimeType: 'video/mp4', sizeBytes: (await fs.stat(video)).size, width: 720, height: 1280 };
  media.add('clip', video, { ...clip, durationSeconds: 5, videoCodec: 'h264', audioCodec: 'aac' });
  return media;
}
