import { type GrantedPublisher, type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishOutcome, type SegmentToPublish } from '../../../../application/ports/PlatformPublisher';
import { castBody } from './castBody';
import { asSignerGrant } from './farcasterGrant';
import { type FarcasterSettings } from './FarcasterOptions';
import { callNeynar, parseJson } from './NeynarHttp';
import { failedCastOutcome } from './neynarOutcomes';

/** A cast's address on Farcaster's client: the author's name and the hash's first 10 characters (docs/platforms.md). */
export const castUrl = (username: string, hash: string): string => `https://warpcast.com/${encodeURIComponent(username)}/${hash.slice(0, 10)}`;

/**
 * Each segment is one cast (`POST /v2/farcaster/cast`) made with the account's signer; a
 * thread's later segments reply to the cast before. Every cast carries an `idem` key derived
 * from the target and segment, so a retried cast is not cast twice.
 */
export class FarcasterPublisher implements GrantedPublisher {
  constructor(
    private readonly settings: FarcasterSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async publish(segment: SegmentToPublish, grant: PlatformGrant, media: MediaAccess): Promise<PublishOutcome> {
    const signer = asSignerGrant(grant);
    if (segment.segmentIndex > 0 && segment.replyToPlatformPostId === null) return { kind: 'rejected', reason: 'a reply cast needs the cast it replies to' };
    let body: Record<string, unknown>;
    try {
      body = await castBody(segment, signer, media);
    } catch (error) {
      return { kind: 'retryLater', afterSeconds: 60, reason: `a media link could not be made (${error instanceof Error ? error.message : String(error)})` };
    }
    const answer = await callNeynar(this.settings, 'POST', '/v2/farcaster/cast/', body);
    if (answer.kind !== 'answered' || answer.status < 200 || answer.status > 299) return failedCastOutcome(answer);
    const hash = (parseJson(answer.text) as { cast?: { hash?: unknown } } | null)?.cast?.hash;
    if (typeof hash !== 'string' || hash === '') {
      return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Neynar answered without the cast’s hash', statusCode: answer.status };
    }
    return { kind: 'published', platformPostId: hash, platformPostUrl: castUrl(signer.username, hash), postedAt: this.now(), statusCode: answer.status };
  }
}
