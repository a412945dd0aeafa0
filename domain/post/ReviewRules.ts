import { forbidden } from '../shared/DomainError';
import { assertAwaitingReview, assertTimesStillAhead, type LifecyclePosition, positionForIntent } from './PostLifecycle';
import { type PostStatus, type ReviewableIntent } from './PostStatus';

/** Who asks to remove a post, as far as docs/product.md's "Review rules" care. */
export interface PostRemover {
  readonly userId: string;
  /** Whose posts go through review (a contributor): they may not remove what review let through. */
  readonly reviewRequired: boolean;
}

/**
 * Statuses a post reaches only once approved (or scheduled by someone who needs no review):
 * removing it is no longer its contributor's call.
 */
const PAST_REVIEW: readonly PostStatus[] = ['scheduled', 'publishing', 'published', 'failed', 'partially_failed'];

/**
 * docs/product.md "Review rules": a contributor removes only their own posts, and not once
 * approved or scheduled. A post of unknown author (stored before authors were recorded) is
 * nobody's own: a contributor cannot remove it, everyone else still can.
 */
export function assertMayRemove(remover: PostRemover, authorUserId: string | null, status: PostStatus): void {
  if (!remover.reviewRequired) return;
  if (authorUserId === null || authorUserId !== remover.userId) {
    throw forbidden('not_author', 'a contributor can remove only the posts they wrote');
  }
  if (PAST_REVIEW.includes(status)) {
    throw forbidden('post_already_approved', `a contributor cannot remove their post once it is approved or scheduled (it is ${status})`);
  }
}

/**
 * Four eyes: nobody approves a post they wrote. A post of unknown author can be approved by
 * any reviewer: refusing would leave every such post waiting for review for ever.
 */
export function assertNotOwnPost(authorUserId: string | null, reviewerUserId: string): void {
  if (authorUserId !== null && authorUserId === reviewerUserId) {
    throw forbidden('own_post_review', 'nobody approves a post they wrote: another reviewer must decide');
  }
}

/** What an approval looks at: the post awaiting review. */
interface UnderReview {
  readonly status: PostStatus;
  readonly authorUserId: string | null;
  readonly requestedIntent: ReviewableIntent | null;
  readonly targets: readonly { readonly id: string; readonly scheduledAt: Date | null }[];
}

/** Where an approved post goes: what its author asked for, four eyes and its times still ahead permitting. */
export function approvedPosition(post: UnderReview, reviewerUserId: string, now: Date): LifecyclePosition {
  assertAwaitingReview(post.status);
  assertNotOwnPost(post.authorUserId, reviewerUserId);
  // Always set while in review; were it ever missing, scheduling is the safer guess:
  // it checks the times and publishes nothing early.
  const intent = post.requestedIntent ?? 'schedule';
  if (intent === 'schedule') assertTimesStillAhead(post.targets, now);
  return positionForIntent(intent, false);
}
