import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { type PinterestAnswer, parseJson } from './PinterestHttp';
import { retryAfterHeader, statusOutcome, unansweredOutcome } from '../shared/failedCallOutcomes';

/**
 * Where a failed call stood: `preparing` (registering or uploading a video, asking after it:
 * nothing is visible yet, so any failure can be tried again) or `creating` (the pin itself:
 * once Pinterest may have received it, trying again could pin it twice; Pinterest takes no
 * idempotency key).
 */
export type CallStage = 'preparing' | 'creating';

export const DEFAULT_RETRY_SECONDS = 60;

/** Pinterest documents 201 for what it creates, 200 for reads; any 2xx is taken as done. */
export const succeeded = (status: number): boolean => status >= 200 && status <= 299;

/** Pinterest's error body `{code, message}` (or an OAuth `{error, error_description}`), as one line. */
export function pinterestMessage(text: string, status: number): string {
  const body = parseJson(text) as { message?: unknown; code?: unknown; error?: unknown; error_description?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : typeof body?.error_description === 'string' ? body.error_description : null;
  const code =
    typeof body?.code === 'number' || typeof body?.code === 'string' ? ` (code ${body.code})` : typeof body?.error === 'string' ? ` (${body.error})` : '';
  return message ? `Pinterest: ${message}${code}` : `Pinterest answered ${status}`;
}

/** Seconds from `Retry-After` (seconds or an HTTP date) when Pinterest sends one; a minute otherwise. */
export const retryAfterSeconds = (headers: Headers, now = Date.now()): number => retryAfterHeader(headers, now, DEFAULT_RETRY_SECONDS);

/** The outcome of a call that did not succeed. */
export function failedCallOutcome(answer: PinterestAnswer, stage: CallStage): PublishOutcome {
  if (answer.kind !== 'answered') return unansweredOutcome(answer, stage === 'creating', DEFAULT_RETRY_SECONDS);
  const { status, headers, text } = answer;
  const seconds = { rateLimit: retryAfterSeconds(headers), retry: DEFAULT_RETRY_SECONDS };
  return statusOutcome(status, pinterestMessage(text, status), stage === 'creating', seconds);
}
