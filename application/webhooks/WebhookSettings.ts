/** How deliveries are made and retried (config: WEBHOOK_*; docs/webhooks.md). */
export interface WebhookSettings {
  /** The pause before each retry, in seconds: its length + 1 is a delivery's attempts. */
  readonly retryScheduleSeconds: readonly number[];
  /** The longest an endpoint may take to answer; past it the attempt failed. */
  readonly timeoutMs: number;
  /** How long a claimed delivery is its worker's alone unless renewed (the worker's heartbeat renews it while the round holds it). */
  readonly leaseMs: number;
  /** Deliveries a worker claims, and sends side by side, at a time. */
  readonly batchSize: number;
  /** How long a rotated-out secret keeps signing beside the new one. */
  readonly secretOverlapMs: number;
  /** The most a `Retry-After` may push an attempt back, in seconds. */
  readonly maxRetryAfterSeconds: number;
  /** Subscriptions a workspace may have. */
  readonly maxSubscriptions: number;
  /** How long ended deliveries (and events none waits for) are kept in the log. */
  readonly logRetentionMs: number;
}

export const attemptLimitOf = (settings: WebhookSettings): number => settings.retryScheduleSeconds.length + 1;
