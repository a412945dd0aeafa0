import { type Platform } from '../../../domain/platform/Platform';
import { type PostStatus } from '../../../domain/post/PostStatus';

export interface UpcomingTarget {
  readonly postId: string;
  readonly targetId: string;
  readonly connectionId: string;
  readonly platform: Platform;
  readonly scheduledAt: Date;
}

export interface FailedTarget {
  readonly postId: string;
  readonly targetId: string;
  readonly connectionId: string;
  readonly platform: Platform;
  readonly error: string | null;
  /** When the post last changed: the failure, or something after it. */
  readonly failedAt: Date;
}

/** The read side of a workspace's setup status and overview: each method one query. */
export interface WorkspaceReads {
  /** The platforms of the workspace's active connections, distinct, sorted. */
  activePlatforms(workspaceId: string): Promise<Platform[]>;
  /** Posts per status, from post_counts; statuses without posts are absent. */
  postCounts(workspaceId: string): Promise<Partial<Record<PostStatus, number>>>;
  /** Pending targets of scheduled or publishing posts, soonest first (ties by target id). */
  upcomingTargets(workspaceId: string, limit: number): Promise<UpcomingTarget[]>;
  /** Failed targets of failed and partially failed posts, the most recently changed post first (ties by post id, then target order). */
  recentFailedTargets(workspaceId: string, limit: number): Promise<FailedTarget[]>;
  memberCount(workspaceId: string): Promise<number>;
}
