import { type PostCounts, type RawCounts } from '../../domain/analytics/PostCounts';
import { type Platform } from '../../domain/platform/Platform';

/** A published target's figures as last collected, and when they are collected next. */
export interface TargetMetricsRow {
  readonly targetId: string;
  readonly workspaceId: string;
  readonly postId: string;
  readonly connectionId: string;
  readonly platform: Platform;
  readonly platformPostId: string;
  readonly postedAt: Date;
  /** Null until the first collection succeeds. */
  readonly counts: PostCounts | null;
  readonly raw: RawCounts | null;
  readonly collectedAt: Date | null;
  /** Null once the schedule is done (and no refresh is asked for). */
  readonly nextAt: Date | null;
  /** The platform says the post is gone: no more collections. */
  readonly deleted: boolean;
  readonly lastError: string | null;
  readonly lastErrorAt: Date | null;
  readonly refreshRequestedAt: Date | null;
}

/** What one collection of one target came to. */
export type Collected =
  | { readonly kind: 'counts'; readonly counts: PostCounts; readonly raw: RawCounts }
  | { readonly kind: 'deleted' }
  /** The read failed: the last figures are kept, the reason and time recorded. */
  | { readonly kind: 'failed'; readonly reason: string };

export interface Collection {
  readonly targetId: string;
  readonly connectionId: string;
  readonly collected: Collected;
  readonly at: Date;
  /** When to collect again; null: the schedule is done. */
  readonly nextAt: Date | null;
}

/** One collection in a target's history. */
export interface MetricsSnapshot {
  readonly collectedAt: Date;
  readonly counts: PostCounts;
  readonly raw: RawCounts;
}

/**
 * Published targets' figures (docs/analytics.md): which are due, what was collected (the last
 * figures on the target, every collection kept as a snapshot), and the reads spent per
 * connection. The workers write here; requests only read, never call a platform.
 */
/** One post of a workspace. */
export interface PostRef {
  readonly workspaceId: string;
  readonly postId: string;
}

export interface TargetMetrics {
  /**
   * Starts collecting for targets published since `since` that are not known yet (at most
   * `limit`; only `post`'s when given): first at an hour after.
   */
  discover(since: Date, limit: number, post?: PostRef): Promise<number>;
  /** Takes the due targets (nextAt at or before now) under a lease, oldest first. */
  claimDue(owner: string, now: Date, leaseMs: number, limit: number): Promise<TargetMetricsRow[]>;
  /** Keeps what the collections came to (a snapshot per counted one) and lets their leases go. */
  record(collections: readonly Collection[], owner: string): Promise<void>;
  /** Lets claimed targets go untouched until `at` (their connection busy, over its budget, or rate limited). */
  defer(targetIds: readonly string[], owner: string, at: Date): Promise<void>;
  /**
   * Spends one of the connection's platform reads of the hour (a window per connection, opened
   * by its first read): null when spent, else when the next read may be made. Atomic: two
   * workers never spend past `perHour` together.
   */
  spendRead(connectionId: string, now: Date, perHour: number): Promise<Date | null>;
  /** A platform's rate limit: every collection of the connection due before `until` waits for it. */
  holdConnection(connectionId: string, until: Date): Promise<void>;
  forPost(workspaceId: string, postId: string): Promise<TargetMetricsRow[]>;
  history(targetIds: readonly string[]): Promise<ReadonlyMap<string, MetricsSnapshot[]>>;
  /** Collects these targets as soon as a worker can (refresh), remembering when it was asked. */
  requestRefresh(targetIds: readonly string[], now: Date): Promise<void>;
}
