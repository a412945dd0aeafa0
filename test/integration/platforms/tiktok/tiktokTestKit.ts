import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { tiktokConnector, type TikTokConnector } from '../../../../adapters/outbound/platforms/tiktok/TikTokConnector';
import { type TikTokOptions } from '../../../../adapters/outbound/platforms/tiktok/TikTokOptions';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type SettingsValuesOf } from '../../../../domain/platform/Platform';
import { type TikTokFake } from '../../../support/fakes/tiktokFake';

export const NOW = new Date('2026-11-23T12:00:00Z');

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
  return {
    kind: 'oauth2',
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessExpiresAt: new Date(NOW.getTime() + 86_400_000),
    refreshExpiresAt: new Date(NOW.getTime() + 365 * 86_400_000),
    scopes,
  };
}

export const PUBLIC: SettingsValuesOf<'TIKTOK'> = {
  privacy: 'PUBLIC_TO_EVERYONE',
  allowComments: true,
  allowDuet: false,
  allowStitch: true,
  promotionContent: 'SELF',
};

export function segment(overrides: Partial<SegmentToPublish> = {}, values: Partial<SettingsValuesOf<'TIKTOK'>> = {}): SegmentToPublish {
  return {
    connectionId: 'connection-1',
    settings: { platform: 'TIKTOK', values: { ...PUBLIC, ...values } },
    text: 'Shipping Dispatch 1.0 #release',
    media: [{ id: 'video-1', altText: null, thumbnailTimestamp: null }],
    segmentIndex: 0,
    segmentCount: 1,
    replyToPlatformPostId: null,
    checkpoint: null,
    idempotencyKey: 'target-1:0:1',
    ...overrides,
  };
}

/** Library media backed by files on disk: `.mp4` files are videos, the rest JPEG photos; read in small chunks; links on media.example. */
export function mediaFrom(files: Record<string, string>, durationSeconds = 3): MediaAccess {
  return {
    async open(mediaId) {
      const file = files[mediaId];
      const { size } = await fs.stat(file);
      const video = file.endsWith('.mp4');
      const facts = {
        kind: video ? ('video' as const) : ('image' as const),
        mimeType: video ? 'video/mp4' : 'image/jpeg',
        sizeBytes: size,
        width: 720,
        height: 1280,
        durationSeconds: video ? durationSeconds : null,
        videoCodec: video ? 'h264' : null,
        audioCodec: video ? 'aac' : null,
      };
      return { body: createReadStream(file, { highWaterMark: 64 * 1024 }), facts };
    },
    async link(mediaId) {
      return `https://media.example/signed/${mediaId}?sig=abc`;
    },
  };
}
