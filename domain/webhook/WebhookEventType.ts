/**
 * The events a workspace may subscribe to (docs/webhooks.md), each caused by one state change
 * and written in the same transaction as it. `webhook.test` is sent on request only, to one
 * subscription, and cannot be subscribed to.
 */
export const WEBHOOK_EVENT_TYPES = [
  'post.scheduled',
  'post.published',
  'post.partially_failed',
  'post.failed',
  'target.published',
  'target.failed',
  'review.requested',
  'review.decided',
  'connection.needs_reconnect',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const TEST_EVENT_TYPE = 'webhook.test';
export type SentEventType = WebhookEventType | typeof TEST_EVENT_TYPE;

export const isWebhookEventType = (value: unknown): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(value);
