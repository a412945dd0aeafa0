import { DEFAULT_PUBLISHING_SETTINGS, SQLITE_BATCH_SIZE } from '../application/publishing/PublishingSettings';
import { type Env, integer, oneOf } from './envValues';

/** The publishing worker's settings (README, "Configuration"). */
export interface WorkerConfig {
  /** `npm start` runs a worker beside the API unless WORKER=off (`npm run worker` always runs one). */
  readonly enabled: boolean;
  /** The pause between two ticks of the loop. */
  readonly pollMs: number;
  /** How long a stopping worker waits for the calls in flight before it exits anyway. */
  readonly drainMs: number;
  /**
   * How long claimed work (publish jobs, webhook deliveries) stays its worker's without a
   * renewal: a live worker renews it every third of this, so a dead worker's comes back to
   * the others within about this long.
   */
  readonly leaseMs: number;
  /** Jobs claimed, and published side by side, per round. */
  readonly batchSize: number;
  /** Calls for one segment before a transient failure fails the target. */
  readonly maxAttempts: number;
}

/** WORKER_LEASE_MS: the lease of publish jobs and of webhook deliveries alike. */
export const workerLeaseMs = (env: Env): number => integer(env, 'WORKER_LEASE_MS', DEFAULT_PUBLISHING_SETTINGS.leaseMs, 1000, 86_400_000);

/** `database`: which kind DATABASE_URL names; on SQLite a larger round by default (SQLITE_BATCH_SIZE says why). */
export function workerConfig(env: Env, database: 'sqlite' | 'mysql'): WorkerConfig {
  const defaultBatchSize = database === 'sqlite' ? SQLITE_BATCH_SIZE : DEFAULT_PUBLISHING_SETTINGS.batchSize;
  return {
    enabled: oneOf(env, 'WORKER', ['on', 'off'] as const, 'on') === 'on',
    pollMs: integer(env, 'WORKER_POLL_MS', 500, 10, 3_600_000),
    // Longer than the lease is safe: the heartbeat renews the leases of a draining worker's calls.
    drainMs: integer(env, 'WORKER_DRAIN_MS', 30_000, 0, 3_600_000),
    leaseMs: workerLeaseMs(env),
    batchSize: integer(env, 'WORKER_BATCH_SIZE', defaultBatchSize, 1, 1000),
    maxAttempts: integer(env, 'WORKER_MAX_ATTEMPTS', DEFAULT_PUBLISHING_SETTINGS.maxAttempts, 1, 100),
  };
}
