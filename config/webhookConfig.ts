import { type WebhookSettings } from '../application/webhooks/WebhookSettings';
import { ConfigError, type Env, integer } from './envValues';
import { workerLeaseMs } from './workerConfig';

/** Five seconds, five minutes, half an hour, two, five, ten and ten hours: the last attempt about 28 hours after the first. */
const DEFAULT_SCHEDULE = [5, 300, 1800, 7200, 18_000, 36_000, 36_000];

/** Outgoing webhooks (README, "Configuration"; docs/webhooks.md). */
export interface WebhookConfig extends WebhookSettings {
  /** The pause between two rounds of a worker's delivery loop when nothing was due. */
  readonly pollMs: number;
}

export function webhookConfig(env: Env): WebhookConfig {
  const timeoutMs = integer(env, 'WEBHOOK_TIMEOUT_MS', 10_000, 100, 60_000);
  const batchSize = integer(env, 'WEBHOOK_BATCH_SIZE', 20, 1, 200);
  return {
    retryScheduleSeconds: schedule(env, 'WEBHOOK_RETRY_SCHEDULE_SECONDS'),
    timeoutMs,
    // The workers' lease: a round that sends its whole batch to one endpoint keeps it by renewal.
    leaseMs: workerLeaseMs(env),
    batchSize,
    secretOverlapMs: integer(env, 'WEBHOOK_SECRET_OVERLAP_SECONDS', 86_400, 0, 30 * 86_400) * 1000,
    maxRetryAfterSeconds: 3600,
    maxSubscriptions: integer(env, 'WEBHOOK_MAX_PER_WORKSPACE', 20, 1, 1000),
    pollMs: integer(env, 'WEBHOOK_POLL_MS', 500, 10, 60_000),
    logRetentionMs: integer(env, 'WEBHOOK_LOG_RETENTION_DAYS', 30, 1, 3650) * 86_400_000,
  };
}

function schedule(env: Env, name: string): number[] {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return DEFAULT_SCHEDULE;
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length > 20 || parts.some((p) => !/^\d+$/.test(p) || Number(p) > 7 * 86_400)) {
    throw new ConfigError(name, `must be up to 20 comma-separated pauses in seconds (each at most 604800), got "${raw}"`);
  }
  return parts.map(Number);
}
