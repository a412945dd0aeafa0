import { type Post } from './Post';
import { type PostStatus } from './PostStatus';

interface Holding {
  readonly status: PostStatus;
  readonly targets: ReadonlyArray<{ readonly id: string; readonly queued: boolean; readonly status: string }>;
}

/**
 * The targets of a post that hold a slot of their connection's schedule: queued, still pending,
 * on a post waiting for its time (scheduled, or in review; a queued target exists only on a post
 * meant to be scheduled). A target given a time of its own, published, failed or removed, or a
 * post taken back to draft or sent back for changes, lets its slot go.
 */
export function slotHolders(post: Holding): Set<string> {
  const waiting = post.status === 'scheduled' || post.status === 'pending_review';
  return new Set(waiting ? post.targets.filter((t) => t.queued && t.status === 'pending').map((t) => t.id) : []);
}

/** The posts whose pending targets take the instant they are due at on their connection, queued or not. */
export const BOOKING_POST_STATUSES: readonly PostStatus[] = ['scheduled', 'pending_review', 'publishing'];

/** The targets that held a slot when the post was loaded and hold none now. */
export function slotsLetGo(post: Post): string[] {
  const before = post.persisted === null ? new Set<string>() : slotHolders(post.persisted);
  const now = slotHolders(post);
  return [...before].filter((id) => !now.has(id));
}
