import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { linkedinConnector, type LinkedInConnector } from '../../../../adapters/outbound/platforms/linkedin/LinkedInConnector';
import { type LinkedInOptions } from '../../../../adapters/outbound/platforms/linkedin/LinkedInOptions';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type LinkedInFake } from '../../../support/fakes/linkedinFake';

export const NOW = new Date('2026-11-23T12:00:00Z');

export function connectorFor(fake: LinkedInFake, options: Partial<LinkedInOptions> = {}): LinkedInConnector {
  return linkedinConnector(
    {
      clientId: fake.state.clientId,
      clientSecret: fake.state.clientSecret,
      apiBaseUrl: fake.baseUrl,
      authBaseUrl: fake.baseUrl,
      timeoutMs: 5_000,
      unauthorizedRetryDelayMs: 10,
      ...options,
    },
    () => NOW,
  );
}

export function grantFrom(tokens: { accessToken: string; refreshToken: string }, scopes = ['openid', 'profile', 'w_member_social']): OAuth2Grant {
  return {
    kind: 'oauth2',
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessExpiresAt: new Date(NOW.getTime() + 60 * 86_400_000),
    refreshExpiresAt: new Date(NOW.getTime() + 365 * 86_400_000),
    scopes,
  };
}

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return {
    connectionId: 'connection-1',
    settings: { platform: 'LINKEDIN', values: { visibility: 'PUBLIC' } },
    text: 'Shipping Dispatch 1.0',
    media: [],
    segmentIndex: 0,
    segmentCount: 1,
    replyToPlatformPostId: null,
    checkpoint: null,
    idempotencyKey: 'target-1:0:1',
    ...overrides,
  };
}

/** Library media backed by files on disk: `.mp4` files are videos, the rest PNG images; read in small chunks. */
export function mediaFrom(files: Record<string, string>): MediaAccess {
  return {
    async open(mediaId) {
      const file = files[mediaId];
      const { size } = await fs.stat(file);
      const video = file.endsWith('.mp4');
      const facts = {
        kind: video ? ('video' as const) : ('image' as const),
        mimeType: video ? 'video/mp4' : 'image/png',
        sizeBytes: size,
        width: 8,
        height: 8,
        durationSeconds: video ? 3 : null,
        videoCodec: video ? 'h264' : null,
        audioCodec: null,
      };
      return { body: createReadStream(file, { highWaterMark: 1000 }), facts };
    },
    async link(mediaId) {
      return `https://media.example/${mediaId}`;
    },
  };
}

export const NO_MEDIA = mediaFrom({});
