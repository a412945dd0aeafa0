import { DEFAULT_PUBLISHING_SETTINGS } from '../application/publishing/PublishingSettings';
import { ConfigError, type Env, integer, oneOf } from './envValues';

/** The publishing worker's settings (README, "Configuration"). */
export interface WorkerConfig {
  /** `npm start` runs a worker beside the API unless WORKER=off (`npm run worker` always runs one). */
  readonly enabled: boolean;
  /** The pause between two ticks of the loop. */
  readonly pollMs: number;
  /** How long a stopping worker waits for the calls in flight before it exits anyway. */
  readonly drainMs: number;
  /** How long a claimed job is the claimer's alone: longer than any platform call may take. */
  readonly leaseMs: number;
  /** Jobs claimed, and published side by side, per round. */
  readonly batchSize: number;
  /** Calls for one segment before a transient failure fails the target. */
  readonly maxAttempts: number;
}

export function workerConfig(env: Env): WorkerConfig {
  const leaseMs = integer(env, 'WORKER_LEASE_MS', DEFAULT_PUBLISHING_SETTINGS.leaseMs, 1000, 86_400_000);
  const drainMs = integer(env, 'WORKER_DRAIN_MS', 30_000, 0, 3_600_000);
  // A drain longer than the lease would let another worker settle, as "outcome unknown",
  // a call this one is still waiting for.
  if (drainMs > leaseMs) throw new ConfigError('WORKER_DRAIN_MS', `must not exceed WORKER_LEASE_MS (${leaseMs}), got ${drainMs}`);
  return {
    enabled: oneOf(env, 'WORKER', ['on', 'off'] as const, 'on') === 'on',
    pollMs: integer(env, 'WORKER_POLL_MS', 500, 10, 3_600_000),
    drainMs,
    leaseMs,
    batchSize: integer(env, 'WORKER_BATCH_SIZE', DEFAULT_PUBLISHING_SETTINGS.batchSize, 1, 1000),
    maxAttempts: integer(env, 'WORKER_MAX_ATTEMPTS', DEFAULT_PUBLISHING_SETTINGS.maxAttempts, 1, 100),
  };
}
