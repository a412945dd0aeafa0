import { Readable } from 'node:stream';
import { type ThreadsConnector, threadsConnector, type ThreadsOptions } from '../../../../adapters/outbound/platforms/threads/ThreadsConnector';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { THREADS_SCOPES, type ThreadsFake } from '../../../support/fakes/threadsFake';
import { DAY_MS, NOW, oauth2Grant, segmentToPublish } from '../../../support/platformTestKit';

export { DAY_MS, NOW };

/** The connector against `fake`, both on NOW's clock; the consent screen is Threads' own address (the fake's consent reads its URL). */
export function connectorFor(fake: ThreadsFake, options: Partial<ThreadsOptions> = {}): ThreadsConnector {
  fake.state.now = () => NOW;
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
export function grantFrom(accessToken: string, expiresInMs = 50 * DAY_MS, scopes: readonly string[] = THREADS_SCOPES): OAuth2Grant {
  return oauth2Grant({ accessToken, refreshToken: null }, { accessMs: expiresInMs, refreshMs: expiresInMs }, [...scopes]);
}

/** The profile a connection of the fake publishes as. */
export const accountOf = (fake: ThreadsFake) => ({ accountId: fake.state.user.id, handle: fake.state.user.username, publishAs: null });

export function segment(overrides: Partial<SegmentToPublish> = {}): SegmentToPublish {
  return segmentToPublish({ settings: { platform: 'THREADS', values: { replyControl: 'everyone' } }, text: 'Shipping Dispatch 1.0' }, overrides);
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
