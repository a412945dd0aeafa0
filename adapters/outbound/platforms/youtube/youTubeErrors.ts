import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { type GoogleAnswer, parseJson } from './YouTubeHttp';
import { retryAfterHeader, unansweredOutcome } from '../shared/failedCallOutcomes';

const DEFAULT_RETRY_SECONDS = 60;

interface GoogleErrorBody {
  error?: { code?: unknown; message?: unknown; errors?: Array<{ reason?: unknown; message?: unknown }> } | string;
  error_description?: unknown;
}

/** The first `reason` of Google's error body `{error: {code, message, errors: [{reason, domain, message}]}}`. */
export function googleReason(text: string): string | null {
  const error = (parseJson(text) as GoogleErrorBody | null)?.error;
  const reason = typeof error === 'object' ? error?.errors?.[0]?.reason : undefined;
  return typeof reason === 'string' ? reason : null;
}

/** Google's error, as one line for the user. */
export function googleMessage(text: string, status: number): string {
  const body = parseJson(text) as GoogleErrorBody | null;
  const error = body?.error;
  if (typeof error === 'object' && typeof error?.message === 'string') {
    const reason = googleReason(text);
    return `YouTube: ${error.message}${reason ? ` (${reason})` : ''}`;
  }
  if (typeof error === 'string') return `Google: ${typeof body?.error_description === 'string' ? body.error_description : error} (${error})`;
  return `YouTube answered ${status}`;
}

/** Seconds from `Retry-After` (seconds or an HTTP date). */
export const retryAfterSeconds = (headers: Headers, now: Date): number => retryAfterHeader(headers, now.getTime(), DEFAULT_RETRY_SECONDS);

/** Seconds until a minute past the next midnight in Los Angeles, when YouTube's daily quota resets. */
export function secondsUntilQuotaReset(now: Date): number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, Number(part.value)]));
  const elapsed = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0);
  return 24 * 3600 - elapsed + 60;
}

/**
 * The outcome of a call that did not succeed. `creates` tells whether the call itself may
 * publish something (a comment): then a call that may have arrived is `outcomeUnknown`;
 * otherwise (starting an upload session, which shows nothing) it can be made again.
 * Quota: the project's daily quota (`quotaExceeded`) waits for its reset at Pacific midnight;
 * the channel's own upload cap (`uploadLimitExceeded`) waits a day; neither is the user's fault.
 */
export function failedCallOutcome(answer: GoogleAnswer, creates: boolean, now: Date): PublishOutcome {
  if (answer.kind !== 'answered') return unansweredOutcome(answer, creates, DEFAULT_RETRY_SECONDS);
  const { status, headers, text } = answer;
  const reason = googleMessage(text, status);
  const statusCode = status;
  const googleWhy = googleReason(text);
  if (status === 401) return { kind: 'needsReconnect', reason, statusCode };
  if (googleWhy === 'quotaExceeded' || googleWhy === 'dailyLimitExceeded') {
    return { kind: 'retryLater', afterSeconds: secondsUntilQuotaReset(now), reason, statusCode };
  }
  if (googleWhy === 'uploadLimitExceeded') return { kind: 'retryLater', afterSeconds: 24 * 3600, reason, statusCode };
  if (status === 429 || googleWhy === 'rateLimitExceeded' || googleWhy === 'userRateLimitExceeded') {
    return { kind: 'retryLater', afterSeconds: retryAfterSeconds(headers, now), reason, statusCode };
  }
  if (status >= 500) {
    return creates
      ? { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${reason}`, statusCode }
      : { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason, statusCode };
  }
  return { kind: 'rejected', reason, statusCode };
}
