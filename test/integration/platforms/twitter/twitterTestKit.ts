import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import { type TwitterConnector, twitterConnector } from '../../../../adapters/outbound/platforms/twitter/TwitterConnector';
import { type TwitterOptions } from '../../../../adapters/outbound/platforms/twitter/TwitterOptions';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { type TwitterFake } from '../../../support/fakes/twitterFake';

export const NOW = new Date('2026-11-23T12:00:00Z');

export function connectorFor(fake: TwitterFake, options: Partial<TwitterOptions> = {}): TwitterConnector {
  return twitterConnector({
    clientId: fake.state.clientId,
    clientSecret: fake.state.clientSecret,
    apiBaseUrl: fake.baseUrl,
    authBaseUrl: fake.baseUrl,
    timeoutMs: 5_000,
    now: () => NOW,
    ...options,
  });
}

export function grantFrom(tokens: { accessToken: string; refreshToken: string }): OAuth2Grant {
  return {
    kind: 'oauth2',
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    accessExpiresAt: new Date(NOW.getTime() + 7_200_000),
    refreshExpiresAt: null,
    scopes: ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'],
  };
}

/** A PKCE pair as the connect flow makes it: a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return {
    connectionId: 'connection-1',
    settings: { platform: 'TWITTER', values: { replyRestriction: 'everyone' } },
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
