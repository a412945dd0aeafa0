export const POST_STATUSES = ['draft', 'pending_review', 'changes_requested', 'scheduled', 'publishing', 'published', 'partially_failed', 'failed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export const TARGET_STATUSES = ['pending', 'publishing', 'published', 'failed'] as const;
export type TargetStatus = (typeof TARGET_STATUSES)[number];

export const POST_SOURCES = ['app', 'api', 'automation'] as const;
export type PostSource = (typeof POST_SOURCES)[number];

export const POST_INTENTS = ['draft', 'schedule', 'publish_now'] as const;
export type PostIntent = (typeof POST_INTENTS)[number];

/** The intents a reviewer's approval can resume. */
export type ReviewableIntent = Exclude<PostIntent, 'draft'>;

export const isPostStatus = (value: unknown): value is PostStatus => typeof value === 'string' && (POST_STATUSES as readonly string[]).includes(value);

/** The author may still change the post: nothing has been handed to a platform yet. */
export const EDITABLE_STATUSES: readonly PostStatus[] = ['draft', 'pending_review', 'changes_requested', 'scheduled'];

/** Statuses that only exist once publishing has begun; they are derived from the targets. */
export const PUBLISHING_STATUSES: readonly PostStatus[] = ['publishing', 'published', 'partially_failed', 'failed'];

/**
 * The post status once publishing has begun (docs/product.md, "Post lifecycle"): any target
 * still waiting or in flight keeps the post publishing; otherwise the outcomes decide.
 */
export function deriveStatusFromTargets(targetStatuses: readonly TargetStatus[]): PostStatus {
  if (targetStatuses.some((s) => s === 'pending' || s === 'publishing')) return 'publishing';
  if (targetStatuses.every((s) => s === 'published')) return 'published';
  if (targetStatuses.every((s) => s === 'failed')) return 'failed';
  return 'partially_failed';
}
