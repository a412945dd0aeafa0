import { Readable } from 'node:stream';
import { type ThreadsConnector, threadsConnector } from '../../../../adapters/outbound/platforms/threads/ThreadsConnector';
import { type ThreadsOptions } from '../../../../adapters/outbound/platforms/threads/ThreadsOptions';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { THREADS_SCOPES, type ThreadsFake } from '../../../support/fakes/threadsFake';

export const NOW = new Date('2026-11-23T12:00:00Z');
export const DAY_MS = 86_400_000;

export function connectorFor(fake: ThreadsFake, options: Partial<ThreadsOptions> = {}): ThreadsConnector {
  fake.state.now = NOW.getTime();
  return threadsConnector({
    clientId: fake.state.clientId,
    clientSecret: fake.state.clientSecret,
    apiBaseUrl: fake.baseUrl,
    authBaseUrl: 'https://threads.example',
    timeoutMs: 5_000,
    now: () => NOW,
    ...options,
  });
}

/** A connection's grant around a long-lived token of the fake, as an exchange would have made it. */
export function grantFrom(accessToken: string, expiresInMs = 50 * DAY_MS): OAuth2Grant {
  const expiresAt = new Date(NOW.getTime() + expiresInMs);
  return { kind: 'oauth2', accessToken, refreshToken: null, accessExpiresAt: expiresAt, refreshExpiresAt: expiresAt, scopes: THREADS_SCOPES };
}

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return {
    connectionId: 'connection-1',
    settings: { platform: 'THREADS', values: { replyControl: 'everyone' } },
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

export const item = (id: string) => ({ id, altText: null, thumbnailTimestamp: null });

/** Library media by id: ids starting with `video` are videos, the rest images; links are signed URLs. */
export const MEDIA: MediaAccess = {
  async open(mediaId) {
    const video = mediaId.startsWith('video');
    const facts = {
      kind: video ? ('video' as const) : ('image' as const),
      mimeType: video ? 'video/mp4' : 'image/png',
      sizeBytes: 1000,
      width: 1080,
      height: 1350,
      durationSeconds: video ? 12 : null,
      videoCodec: video ? 'h264' : null,
      audioCodec: null,
    };
    return { body: Readable.from([Buffer.alloc(1000)]), facts };
  },
  async link(mediaId) {
    return `https://media.example/${mediaId}?sig=abc`;
  },
};

export function expectKind<K extends PublishOutcome['kind']>(outcome: PublishOutcome, kind: K): Extract<PublishOutcome, { kind: K }> {
  if (outcome.kind !== kind) throw new Error(`expected ${kind}, got ${JSON.stringify(outcome)}`);
  return outcome as Extract<PublishOutcome, { kind: K }>;
}
