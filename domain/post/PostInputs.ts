import { type GroupInput } from './Group';
import { type ConnectionLookup, type TargetInput } from './PostContent';
import { type PostIntent, type PostSource } from './PostStatus';

/** The content and intent of a create or update body (JSON types already checked). */
export interface PostContentInput {
  readonly groups: readonly GroupInput[];
  readonly targets: readonly TargetInput[];
  readonly intent?: PostIntent | null;
  readonly submitForReview?: boolean | null;
}

export interface NewPostInput extends PostContentInput {
  /** Ids come from the caller's IdGenerator: the domain makes none. */
  readonly id: string;
  readonly workspaceId: string;
  /** The user writing it: the review rules (docs/product.md) are about authors. Absent: unknown. */
  readonly authorUserId?: string | null;
  /** Null or absent means `app`; a use case that knows better (an API key: `api`) passes it. */
  readonly source?: PostSource | null;
  readonly externalSubmissionId?: string | null;
}

export interface PostEditInput extends PostContentInput {
  /** Null or absent keeps the current source (where a post came from does not change by editing). */
  readonly source?: PostSource | null;
  /** Absent keeps the current value; null clears it. */
  readonly externalSubmissionId?: string | null;
}

/** What the aggregate needs from outside to judge a create or update. */
export interface PostContext {
  readonly now: Date;
  /** True when the actor's posts must be reviewed before going out (a contributor). */
  readonly reviewRequired: boolean;
  readonly connectionOf: ConnectionLookup;
}

/**
 * A change to one pending target. Absent or null groupId/settings keep the current value;
 * scheduledAt absent keeps it and null clears it.
 */
export interface TargetChanges {
  readonly groupId?: string | null;
  readonly settings?: unknown;
  readonly scheduledAt?: Date | null;
}

export interface TargetEditContext {
  readonly now: Date;
  readonly connectionOf: ConnectionLookup;
  /** True when the actor's changes must be reviewed (a contributor). */
  readonly reviewRequired: boolean;
}
