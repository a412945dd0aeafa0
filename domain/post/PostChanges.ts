import { type Group } from './Group';
import { type PostEvent, type PostMoveType } from './PostEvent';
import { type PostSnapshot } from './PostSnapshot';
import { type PostStatus } from './PostStatus';
import { type Review } from './Review';
import { type Target } from './Target';

/** What storage holds of a loaded post: what a save compares against to write only the changes. */
export interface PersistedPost {
  readonly status: PostStatus;
  /** The content as loaded: an edit replaces it (another object), a worker's outcome does not. */
  readonly groups: readonly Group[];
  readonly targets: readonly Target[];
  /** Counts the saves: a save meant for version N finds N stored, or another writer came first. */
  readonly version: number;
}

/** The event a post announces by the status it moves to. */
const ON_STATUS: Partial<Record<PostStatus, PostMoveType>> = {
  scheduled: 'PostScheduled',
  published: 'PostPublished',
  partially_failed: 'PostPartiallyFailed',
  failed: 'PostFailed',
  pending_review: 'ReviewRequested',
};

/**
 * A post's change tracking: the state storage holds (null: never saved) and what happened
 * since, kept until the next save. The review history is not loaded with the post (it has
 * its own read); a decision made now is kept here until saved.
 */
export class PostChanges {
  private reviews: readonly Review[] = [];
  /** Targets that ended (published or failed) since the save, as they ended. */
  private ended: readonly Target[] = [];

  constructor(private stored: PersistedPost | null) {}

  get persisted(): PersistedPost | null {
    return this.stored;
  }

  /** The stored version the post was loaded at (0: never saved): what an ETag names. */
  get version(): number {
    return this.stored?.version ?? 0;
  }

  /** Decisions taken since the post was loaded or created, appended on save. */
  get unsavedReviews(): readonly Review[] {
    return this.reviews;
  }

  recordReview(review: Review): Review {
    this.reviews = Object.freeze([...this.reviews, review]);
    return review;
  }

  /** A target of the post changed: one that ended is an event. */
  targetChanged(before: Target, after: Target): void {
    const ended = after.status === 'published' || after.status === 'failed';
    if (ended && after.status !== before.status) this.ended = [...this.ended, after];
  }

  /**
   * What happened since the save, in order: each target that ended, then the post's move
   * (the status it ends up in, or a scheduled post's new times), then each review decided.
   * Each is announced once: the save (`saved`) starts the next record.
   */
  eventsOf(post: PostSnapshot): PostEvent[] {
    const events: PostEvent[] = this.ended.map((t) => ({ type: t.status === 'published' ? 'TargetPublished' : 'TargetFailed', post, target: t.toSnapshot() }));
    const moved = this.stored?.status !== post.status ? ON_STATUS[post.status] : this.rescheduled(post) ? 'PostScheduled' : undefined;
    if (moved !== undefined) events.push({ type: moved, post });
    for (const review of this.reviews) events.push({ type: 'ReviewDecided', post, review });
    return events;
  }

  /** Storage has everything: the next save compares against this state. */
  saved(state: Omit<PersistedPost, 'version'>): void {
    this.stored = { ...state, version: this.version + 1 };
    this.reviews = [];
    this.ended = [];
  }

  /** A scheduled post still scheduled, a target's time changed: its subscribers hear the new schedule. */
  private rescheduled(post: PostSnapshot): boolean {
    if (post.status !== 'scheduled' || this.stored === null) return false;
    const was = new Map(this.stored.targets.map((t) => [t.id, t.scheduledAt?.getTime() ?? null]));
    return post.targets.some((t) => was.get(t.id) !== (t.scheduledAt?.getTime() ?? null));
  }
}
