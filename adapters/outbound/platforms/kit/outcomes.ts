import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { type Answered, type PlatformAnswer } from './http';

/**
 * Where a failed call stood: `preparing` (an upload, a status check: nothing is public yet, so
 * any failure can be tried again) or `creating` (the call that makes the post: once the
 * platform may have received it, trying again could post twice).
 */
export type CallStage = 'preparing' | 'creating';

/** What a failed answer means for the call: each is one kind of outcome. */
export type ErrorMeaning = 'reconnect' | 'throttled' | 'transient' | 'rejected';

/** How a platform's failed answers read (its descriptor of errors, one per connector). */
export interface PlatformErrors {
  readonly platform: string;
  /** The platform's own message for a failed answer, as one line naming the platform. */
  message(answer: Answered): string;
  /** Seconds until the platform takes calls again after a refusal for rate (its reset header); Retry-After, else a minute, without it. */
  waitSeconds?(answer: Answered, now: Date): number;
  /** What an answer means where its status alone does not say (Meta's error codes, errors in a 200): null goes by the status. */
  meaning?(answer: Answered): ErrorMeaning | null;
}

/** A failure worth another try, without a word from the platform on when. */
export const RETRY_SECONDS = 60;

/** By its status: 401 asks for the account again, 429 is a rate limit, a 5xx the platform's trouble, the rest a refusal. */
export function meaningOf(answer: Answered, errors: PlatformErrors): ErrorMeaning {
  const meaning = errors.meaning?.(answer) ?? null;
  if (meaning !== null) return meaning;
  if (answer.status === 401) return 'reconnect';
  if (answer.status === 429) return 'throttled';
  return answer.status >= 500 ? 'transient' : 'rejected';
}

/** The outcome of a call that did not succeed (docs/decisions.md, "The publishing engine"). */
export function failedCall(answer: PlatformAnswer, stage: CallStage, errors: PlatformErrors, now: Date): PublishOutcome {
  if (answer.kind !== 'answered') {
    // Sent but unanswered, a call that creates is unknown: trying it again could post twice.
    if (answer.kind === 'noAnswer' && stage === 'creating') return { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${answer.reason}` };
    return { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason: answer.reason };
  }
  const reason = errors.message(answer);
  const statusCode = answer.status;
  switch (meaningOf(answer, errors)) {
    case 'reconnect':
      return { kind: 'needsReconnect', reason, statusCode };
    case 'throttled':
      // Refused before anything was done: nothing was posted.
      return { kind: 'retryLater', afterSeconds: waitSeconds(answer, errors, now), reason, statusCode };
    case 'transient':
      if (stage === 'creating') return { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${reason}`, statusCode };
      return { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason, statusCode };
    case 'rejected':
      return { kind: 'rejected', reason, statusCode };
  }
}

/** Why a read failed, in the platform's words. */
export const readFailure = (answer: PlatformAnswer, errors: PlatformErrors): string => (answer.kind === 'answered' ? errors.message(answer) : answer.reason);

export function waitSeconds(answer: Answered, errors: PlatformErrors, now: Date): number {
  return errors.waitSeconds?.(answer, now) ?? retryAfterSeconds(answer.headers, now, RETRY_SECONDS);
}

/** Seconds from a `Retry-After` header (seconds or an HTTP date), `fallbackSeconds` without one. */
export function retryAfterSeconds(headers: Headers, now: Date, fallbackSeconds: number): number {
  const value = headers.get('retry-after')?.trim();
  if (!value) return fallbackSeconds;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? fallbackSeconds : Math.max(0, Math.ceil((at - now.getTime()) / 1000));
}

/** Seconds until the epoch-seconds time a reset header names (X's `x-rate-limit-reset`), `fallbackSeconds` without one. */
export function resetHeaderSeconds(headers: Headers, name: string, now: Date, fallbackSeconds: number): number {
  const reset = Number(headers.get(name) ?? Number.NaN);
  if (!Number.isFinite(reset) || reset <= 0) return fallbackSeconds;
  return Math.max(1, Math.ceil(reset - now.getTime() / 1000));
}
