/** One target handed over for publishing, not before `notBefore`. */
export interface PublishJob {
  readonly workspaceId: string;
  readonly postId: string;
  readonly targetId: string;
  readonly notBefore: Date;
}

/**
 * Where publishing work waits for the worker. The default adapter is a database table
 * the worker claims rows from; replacing a post's jobs is how a reschedule takes effect.
 */
export interface PublishQueue {
  /** Replaces every queued job of the post with `jobs` (an empty list cancels them). */
  replaceForPost(workspaceId: string, postId: string, jobs: readonly PublishJob[]): Promise<void>;
  /** The post's queued jobs, soonest first. */
  listForPost(workspaceId: string, postId: string): Promise<PublishJob[]>;
}
