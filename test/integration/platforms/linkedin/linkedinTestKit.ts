import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
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
    idempotencyKey: 'target-1:0:1',
    ...overrides,
  };
}

/** Library media backed by files on disk, all images. */
export function mediaFrom(files: Record<string, string>): MediaAccess {
  return {
    async open(mediaId) {
      const bytes = await fs.readFile(files[mediaId]);
      const facts = {
        kind: 'image' as const,
        mimeType: 'image/png',
        sizeBytes: bytes.length,
        width: 8,
        height: 8,
        durationSeconds: null,
        videoCodec: null,
        audioCodec: null,
      };
      return { body: Readable.from([bytes]), facts };
    },
    async link(mediaId) {
      return `https://media.example/${mediaId}`;
    },
  };
}

export const NO_MEDIA = mediaFrom({});
