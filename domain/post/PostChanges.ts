import { type Group } from './Group';
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

/**
 * A post's change tracking: the state storage holds (null: never saved) and what happened
 * since, kept until the next save. The review history is not loaded with the post (it has
 * its own read); a decision made now is kept here until saved.
 */
export class PostChanges {
  private reviews: readonly Review[] = [];

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

  /** Storage has everything: the next save compares against this state. */
  saved(state: Omit<PersistedPost, 'version'>): void {
    this.stored = { ...state, version: this.version + 1 };
    this.reviews = [];
  }
}
