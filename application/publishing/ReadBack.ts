import { type Clock } from '../ports/Clock';
import { type PublishOutcome, type SegmentToPublish } from '../ports/PlatformPublisher';
import { type PlatformGrant } from '../ports/platforms/PlatformGrant';
import { type PostReader } from '../ports/platforms/PostReader';
import { type PublishingAccount } from '../ports/platforms/PublishingAccount';
import { whyUnknown } from './failureReasons';
import { CLOCK_SKEW_MS, findSentPost } from './findSentPost';
import { type ReadBackState } from './readBackCheckpoint';

/** The first read after a lost call: soon, since most posts are listed within seconds. */
export const FIRST_READ_AFTER_SECONDS = 5;

/**
 * Settles a call whose outcome was unknown by reading the account back (docs/decisions.md,
 * "Settling an unknown outcome"): found, it is published, with the platform's own id and URL;
 * absent once the platform's visibility delay has passed, nothing was posted; absent before,
 * it is read again then; a read that fails leaves the outcome unknown. Never a second post.
 */
export class ReadBack {
  constructor(private readonly clock: Clock) {}

  async settle(segment: SegmentToPublish, state: ReadBackState, reader: PostReader, account: PublishingAccount, grant: PlatformGrant): Promise<PublishOutcome> {
    const since = new Date(state.sentFrom.getTime() - CLOCK_SKEW_MS);
    const replyTo = segment.replyToPlatformPostId;
    const read = await reader.recentPosts({ account, grant, since, replyTo });
    if (!read.ok) return { kind: 'outcomeUnknown', reason: `${state.reason}; reading the account back failed: ${read.reason}` };
    const visibleWithinMs = reader.visibleWithinSeconds * 1000;
    const sent = { text: segment.text, mediaCount: segment.media.length, replyTo };
    const found = findSentPost(sent, state, visibleWithinMs, read.posts);
    const now = this.clock.now();
    if (found !== null) {
      const { platformPostId, platformPostUrl } = found;
      return { kind: 'published', platformPostId, platformPostUrl, postedAt: found.createdAt ?? now, readBack: true };
    }
    const visibleAt = state.sentUntil.getTime() + visibleWithinMs;
    if (now.getTime() < visibleAt) {
      const afterSeconds = Math.ceil((visibleAt - now.getTime()) / 1000);
      return {
        kind: 'processing',
        afterSeconds,
        checkpoint: segment.checkpoint ?? '',
        reason: 'the account is read again once the platform lists every new post',
      };
    }
    return { kind: 'notPosted', reason: `${whyUnknown(state.reason)}, and reading the account back found no such post` };
  }
}
