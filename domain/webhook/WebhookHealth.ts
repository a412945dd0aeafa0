/**
 * How a subscription's endpoint has been answering, like a connection's health: `healthy`
 * (its last attempt succeeded, or none was made yet), `failing` (its latest attempts failed;
 * deliveries are being retried), `disabled` (switched off: by its owner, or by the service
 * after sustained failure, `disabledReason` says which).
 */
export type WebhookHealthStatus = 'healthy' | 'failing' | 'disabled';

export interface WebhookHealth {
  readonly consecutiveFailures: number;
  readonly lastSuccessAt: Date | null;
  readonly lastFailureAt: Date | null;
  readonly lastError: string | null;
  /** Why it was switched off by the service; null while enabled or when its owner switched it off. */
  readonly disabledReason: string | null;
}

export const NEW_HEALTH: WebhookHealth = {
  consecutiveFailures: 0,
  lastSuccessAt: null,
  lastFailureAt: null,
  lastError: null,
  disabledReason: null,
};
