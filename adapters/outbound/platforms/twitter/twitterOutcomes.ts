import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { parseJson, type TwitterAnswer } from './TwitterHttp';
import { unansweredOutcome } from '../shared/failedCallOutcomes';

/**
 * Where a failed call stood: `preparing` (a media upload or status check: nothing is public
 * yet, so any failure can be tried again) or `creating` (`POST /2/tweets`: once X may have
 * received it, trying again could post it twice, and X takes no idempotency key).
 */
export type CallStage = 'preparing' | 'creating';

export const DEFAULT_RETRY_SECONDS = 60;

interface ProblemBody {
  title?: unknown;
  detail?: unknown;
  error_description?: unknown;
  errors?: Array<{ message?: unknown; detail?: unknown }>;
}

/** X's error (a problem-details body, an `errors` list, or an OAuth error), as one line. */
export function xMessage(text: string, status: number): string {
  const body = parseJson(text) as ProblemBody | null;
  const first = Array.isArray(body?.errors) ? body.errors[0] : undefined;
  const candidates = [body?.detail, body?.error_description, first?.message, first?.detail, body?.title];
  const message = candidates.find((c): c is string => typeof c === 'string' && c.length > 0);
  return message ? `X: ${message}` : `X answered ${status}`;
}

/** Seconds until `x-rate-limit-reset` (epoch seconds); a minute when X did not say. */
export function rateLimitSeconds(headers: Headers, now: Date): number {
  const reset = Number(headers.get('x-rate-limit-reset') ?? Number.NaN);
  if (!Number.isFinite(reset) || reset <= 0) return DEFAULT_RETRY_SECONDS;
  return Math.max(1, Math.ceil(reset - now.getTime() / 1000));
}

/** The outcome of a call that did not succeed. */
export function failedCallOutcome(answer: TwitterAnswer, stage: CallStage, now: Date): PublishOutcome {
  if (answer.kind !== 'answered') return unansweredOutcome(answer, stage === 'creating', DEFAULT_RETRY_SECONDS);
  const { status, headers, text } = answer;
  const reason = xMessage(text, status);
  const statusCode = status;
  if (status === 401) return { kind: 'needsReconnect', reason, statusCode };
  // A 429 is refused before anything is done: nothing was posted.
  if (status === 429) return { kind: 'retryLater', afterSeconds: rateLimitSeconds(headers, now), reason, statusCode };
  if (status >= 500) {
    return stage === 'creating'
      ? { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${reason}`, statusCode }
      : { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason, statusCode };
  }
  // 400 and 403 (a duplicate, a reply X does not allow, a suspended account): permanent.
  return { kind: 'rejected', reason, statusCode };
}
