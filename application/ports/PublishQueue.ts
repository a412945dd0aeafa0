/** One target handed over for publishing, not before `notBefore`. */
export interface PublishJob {
  readonly workspaceId: string;
  readonly postId: string;
  readonly targetId: string;
  readonly notBefore: Date;
}

/** A job a worker holds: nobody else takes it until the lease ends. */
export interface LeasedJob extends PublishJob {
  /** How many times a worker has claimed it (this claim included). */
  readonly attempts: number;
  readonly leaseOwner: string;
  readonly leaseExpiresAt: Date;
}

export interface LeaseRequest {
  /** Names the worker; only it can complete, release or fail what it claimed. */
  readonly owner: string;
  readonly now: Date;
  readonly leaseMs: number;
  readonly limit: number;
}

/**
 * Where publishing work waits for a worker: one job per target. A job is queued, leased by
 * one worker, or failed (kept, with its error, until the target is retried or the post
 * goes). Every operation is a conditional update, so two workers never hold one job, and
 * a worker whose lease was taken from it changes nothing.
 */
export interface PublishQueue {
  /** Queues the jobs, or moves a queued (or failed) one to its new time; a leased job is left to its worker. */
  enqueue(jobs: readonly PublishJob[], now: Date): Promise<void>;
  /** Drops the jobs of these targets unless a worker holds them. */
  cancel(targetIds: readonly string[]): Promise<void>;
  /** The post's jobs, whatever their state, soonest first (ties by target id). */
  listForPost(workspaceId: string, postId: string): Promise<PublishJob[]>;
  /** Leases up to `limit` queued jobs that are due, soonest first; counts an attempt for each. */
  claimDue(request: LeaseRequest): Promise<LeasedJob[]>;
  /**
   * Leases up to `limit` jobs whose lease ran out without an outcome (their worker died
   * mid-call): whether the platform received them is unknown, so they are never retried
   * on their own; the claimer settles them.
   */
  claimExpired(request: LeaseRequest): Promise<LeasedJob[]>;
  /**
   * Extends to `until` the leases `owner` still holds among these jobs (a live worker's
   * heartbeat); a job another worker took, or that left the lease, is left alone. The ids
   * renewed, in the order given.
   */
  renew(targetIds: readonly string[], owner: string, until: Date): Promise<string[]>;
  /** Done (published, or settled): the job goes. False when `owner` no longer holds it. */
  complete(targetId: string, owner: string): Promise<boolean>;
  /** Back to the queue, due at `notBefore` (a retry later, or a job given back unattempted). */
  release(targetId: string, owner: string, notBefore: Date): Promise<boolean>;
  /** Failed for good: kept with its error, never claimed again. */
  fail(targetId: string, owner: string, error: string): Promise<boolean>;
}
