import { type WebhookDelivery } from '../../../../application/ports/webhooks/WebhookDeliveries';
import { type WebhookSubscription } from '../../../../domain/webhook/WebhookSubscription';
import { timestamp } from './present';

const optionalTime = (date: Date | null) => (date === null ? null : timestamp(date));

/** A subscription, never its secrets; its endpoint's health as a connection shows its own. */
export const presentWebhook = (s: WebhookSubscription) => {
  const p = s.toSnapshot();
  return {
    id: p.id,
    workspaceId: p.workspaceId,
    url: p.url,
    eventTypes: [...p.eventTypes],
    enabled: p.enabled,
    description: p.description,
    status: s.status,
    health: {
      consecutiveFailures: p.health.consecutiveFailures,
      lastSuccessAt: optionalTime(p.health.lastSuccessAt),
      lastFailureAt: optionalTime(p.health.lastFailureAt),
      lastError: p.health.lastError,
      disabledReason: p.health.disabledReason,
    },
    secretRotatedAt: timestamp(p.secrets[0]!.createdAt),
    createdAt: timestamp(p.createdAt),
    updatedAt: timestamp(p.updatedAt),
  };
};

export const presentDelivery = (d: WebhookDelivery) => {
  const last = d.attemptLog[d.attemptLog.length - 1] ?? null;
  return {
    id: d.id,
    webhookId: d.subscriptionId,
    eventId: d.eventId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    maxAttempts: d.attemptLimit,
    nextAttemptAt: optionalTime(d.nextAttemptAt),
    lastStatusCode: last?.statusCode ?? null,
    lastResponseMs: last?.responseMs ?? null,
    lastError: last?.error ?? null,
    createdAt: timestamp(d.createdAt),
    updatedAt: timestamp(d.updatedAt),
    attemptLog: d.attemptLog.map((a) => ({ attempt: a.attempt, at: timestamp(a.at), statusCode: a.statusCode, responseMs: a.responseMs, error: a.error })),
  };
};
