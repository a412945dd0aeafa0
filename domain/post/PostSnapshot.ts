import { type GroupSnapshot } from './Group';
import { type PostSource, type PostStatus, type ReviewableIntent } from './PostStatus';
import { type TargetSnapshot } from './Target';

/** Everything a post is but its review history (read on its own): what persistence stores and what the HTTP response is shaped from. */
export interface PostSnapshot {
  readonly id: string;
  readonly workspaceId: string;
  /** Who wrote it; null when unknown (stored before authors were recorded). */
  readonly authorUserId: string | null;
  readonly status: PostStatus;
  readonly groups: readonly GroupSnapshot[];
  readonly targets: readonly TargetSnapshot[];
  readonly source: PostSource;
  readonly externalSubmissionId: string | null;
  /** The intent approval resumes; set while pending_review / changes_requested, else null. */
  readonly requestedIntent: ReviewableIntent | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  /** How many times it was saved (0: never): see Post.version. */
  readonly version: number;
}
