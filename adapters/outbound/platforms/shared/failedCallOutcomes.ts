import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';

/**
 * The outcome of a call the platform did not answer. Never sent, it is tried again after
 * `retrySeconds`; sent but unanswered, it is unknown when the call may have created something
 * (`mayCreate`: trying again could publish twice), and tried again otherwise.
 */
export function unansweredOutcome(
  answer: { readonly kind: 'notSent' | 'noAnswer'; readonly reason: string },
  mayCreate: boolean,
  retrySeconds: number,
): PublishOutcome {
  if (answer.kind === 'noAnswer' && mayCreate) return { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${answer.reason}` };
  return { kind: 'retryLater', afterSeconds: retrySeconds, reason: answer.reason };
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date), `fallbackSeconds` without one. */
export function retryAfterHeader(headers: Headers, nowMs: number, fallbackSeconds: number): number {
  const value = headers.get('retry-after')?.trim();
  if (!value) return fallbackSeconds;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? fallbackSeconds : Math.max(0, Math.ceil((at - nowMs) / 1000));
}

/**
 * The outcome of a failed call read from its HTTP status alone: 401 asks for reconnecting, 429
 * waits `rateLimitSeconds`, a 5xx is unknown when the call may have created something
 * (`mayCreate`) and tried again after `retrySeconds` otherwise, anything else is rejected.
 */
export function statusOutcome(status: number, reason: string, mayCreate: boolean, seconds: { rateLimit: number; retry: number }): PublishOutcome {
  const statusCode = status;
  if (status === 401) return { kind: 'needsReconnect', reason, statusCode };
  if (status === 429) return { kind: 'retryLater', afterSeconds: seconds.rateLimit, reason, statusCode };
  if (status >= 500) {
    return mayCreate
      ? { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${reason}`, statusCode }
      : { kind: 'retryLater', afterSeconds: seconds.retry, reason, statusCode };
  }
  return { kind: 'rejected', reason, statusCode };
}
