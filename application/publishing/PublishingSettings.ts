/** How the engine claims work and retries transient failures (docs/decisions.md, "The publishing engine"). */
export interface PublishingSettings {
  /**
   * How long a claimed job is the claimer's alone unless renewed: the worker's heartbeat renews
   * it while the job is under way (HeldLeases), so a dead worker's jobs come back this soon.
   */
  readonly leaseMs: number;
  /** Jobs claimed (and published side by side) per round. */
  readonly batchSize: number;
  /** Calls for one segment before a transient failure becomes the target's failure. */
  readonly maxAttempts: number;
  /** The first retry's delay; each later one doubles, up to maxDelaySeconds. */
  readonly baseDelaySeconds: number;
  readonly maxDelaySeconds: number;
  /** Platform calls under way at once per connection, in one process; a job beyond it waits busyRetryMs. */
  readonly maxCallsPerConnection: number;
  readonly busyRetryMs: number;
  /** Calls for one segment while the platform processes its media (checks of a container), beyond maxAttempts. */
  readonly maxProcessingChecks: number;
}

/**
 * The round size on SQLite unless WORKER_BATCH_SIZE says otherwise (docs/performance.md, "The
 * round size, and the subscribers read once per unit"): its one writer commits each unit with
 * an fsync, so a round's begin and record units cost per round, not per target, and a larger
 * round saves most of them. One process, one connection: no pool whose queue a round's
 * one-by-one fallback could fill. On MySQL the default stays batchSize's: a round of 100 per
 * process already fills the pool's queue (10 connections, 100 waiting) when its jobs go one
 * by one, beside the API's requests.
 */
export const SQLITE_BATCH_SIZE = 100;

export const DEFAULT_PUBLISHING_SETTINGS: PublishingSettings = {
  leaseMs: 30_000,
  batchSize: 20,
  maxAttempts: 5,
  baseDelaySeconds: 30,
  maxDelaySeconds: 60 * 60,
  maxCallsPerConnection: 2,
  busyRetryMs: 5_000,
  maxProcessingChecks: 120,
};
