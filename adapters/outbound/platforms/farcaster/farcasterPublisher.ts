import { createHash } from 'node:crypto';
import { type GrantedPublisher, type MediaAccess, type PublishingAccount } from '../../../../application/ports/platforms/PlatformConnector';
import { type FarcasterSignerGrant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { okJson } from '../kit/http';
import { failedCall, RETRY_SECONDS } from '../kit/outcomes';
import { asSignerGrant, callNeynar, type FarcasterSettings, NEYNAR_ERRORS } from './neynarApi';

/** A cast's address on Farcaster's client: the author's name and the hash's first 10 characters (docs/platforms.md). */
export const castUrl = (username: string, hash: string): string => `https://warpcast.com/${encodeURIComponent(username)}/${hash.slice(0, 10)}`;

/**
 * The cast's `idem`: the same for every attempt at one segment of one target (the attempt
 * number, last in the engine's key, left out), so a cast sent again is cast once: Neynar's
 * description (`Idem`) has it prevent duplicate requests, the same key sent on retry attempts.
 * 16 characters, as it recommends.
 */
export function castIdem(idempotencyKey: string): string {
  const targetAndSegment = idempotencyKey.replace(/:[^:]*$/, '');
  return createHash('sha256').update(targetAndSegment).digest('hex').slice(0, 16);
}

/** The body of `POST /v2/farcaster/cast/`: media as signed links (embeds), a thread's later casts replying to the one before. */
async function castBody(segment: SegmentToPublish, grant: FarcasterSignerGrant, media: MediaAccess): Promise<Record<string, unknown>> {
  const embeds = await Promise.all(segment.media.map(async (item) => ({ url: await media.link(item.id) })));
  const channelId = segment.settings.platform === 'FARCASTER' ? (segment.settings.values.channelId ?? null) : null;
  const body: Record<string, unknown> = { signer_uuid: grant.signerUuid, text: segment.text, idem: castIdem(segment.idempotencyKey) };
  if (embeds.length > 0) body.embeds = embeds;
  if (segment.replyToPlatformPostId !== null) {
    body.parent = segment.replyToPlatformPostId;
    body.parent_author_fid = grant.fid;
  } else if (channelId !== null && channelId !== '') {
    body.channel_id = channelId;
  }
  return body;
}

/**
 * Each segment is one cast (`POST /v2/farcaster/cast/`) made with the account's signer; a
 * thread's later segments reply to the cast before. Every cast carries its `idem`, so a cast
 * Neynar answered with a 5xx is sent again (retryLater) without casting twice; a cast that got
 * no answer is `outcomeUnknown`, settled by reading the account back (FarcasterReader), and a
 * retry after that still carries the same `idem`.
 */
export class FarcasterPublisher implements GrantedPublisher {
  constructor(private readonly settings: FarcasterSettings) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess, _account: PublishingAccount): Promise<PublishOutcome> {
    const signer = asSignerGrant(grant);
    if (segment.segmentIndex > 0 && segment.replyToPlatformPostId === null) return { kind: 'rejected', reason: 'a reply cast needs the cast it replies to' };
    let body: Record<string, unknown>;
    try {
      body = await castBody(segment, signer, media);
    } catch (error) {
      const reason = `a media link could not be made (${error instanceof Error ? error.message : String(error)})`;
      return { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason };
    }
    const answer = await callNeynar(this.settings, 'POST', '/v2/farcaster/cast/', body);
    if (answer.kind !== 'answered' || answer.status < 200 || answer.status > 299) {
      // The kit's stage says whether sending again could post twice: with `idem`, an answered refusal cannot.
      return failedCall(answer, answer.kind === 'answered' ? 'preparing' : 'creating', NEYNAR_ERRORS, this.settings.now());
    }
    const hash = (okJson(answer)?.cast as { hash?: unknown } | undefined)?.hash;
    if (typeof hash !== 'string' || hash === '') {
      return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Neynar answered without the cast’s hash', statusCode: answer.status };
    }
    return {
      kind: 'published',
      platformPostId: hash,
      platformPostUrl: castUrl(signer.username, hash),
      postedAt: this.settings.now(),
      statusCode: answer.status,
    };
  }
}
