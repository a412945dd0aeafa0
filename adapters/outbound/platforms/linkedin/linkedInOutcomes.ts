import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { type LinkedInAnswer, parseJson } from './LinkedInHttp';
import { retryAfterHeader, statusOutcome, unansweredOutcome } from '../shared/failedCallOutcomes';

/**
 * Where a failed call stood: `preparing` (an image upload: nothing is visible yet, so any
 * failure can be tried again) or `creating` (the post or comment itself: once LinkedIn may
 * have received it, trying again could publish it twice; LinkedIn takes no idempotency key).
 */
export type CallStage = 'preparing' | 'creating';

const DEFAULT_RETRY_SECONDS = 60;

/** LinkedIn's error body `{status, serviceErrorCode, code, message}`, as one line. */
export function linkedInMessage(text: string, status: number): string {
  const body = parseJson(text) as { message?: unknown; code?: unknown; error_description?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : typeof body?.error_description === 'string' ? body.error_description : null;
  const code = typeof body?.code === 'string' ? ` (${body.code})` : '';
  return message ? `LinkedIn: ${message}${code}` : `LinkedIn answered ${status}`;
}

/** Seconds from `Retry-After` (seconds or an HTTP date); LinkedIn documents no rate-limit headers. */
export const retryAfterSeconds = (headers: Headers, now = Date.now()): number => retryAfterHeader(headers, now, DEFAULT_RETRY_SECONDS);

/** The outcome of a call that did not succeed. */
export function failedCallOutcome(answer: LinkedInAnswer, stage: CallStage): PublishOutcome {
  if (answer.kind !== 'answered') return unansweredOutcome(answer, stage === 'creating', DEFAULT_RETRY_SECONDS);
  const { status, headers, text } = answer;
  const seconds = { rateLimit: retryAfterSeconds(headers), retry: DEFAULT_RETRY_SECONDS };
  return statusOutcome(status, linkedInMessage(text, status), stage === 'creating', seconds);
}
