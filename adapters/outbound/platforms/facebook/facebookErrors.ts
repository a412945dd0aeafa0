import { type GrantFailure } from '../../../../application/ports/platforms/GrantFailure';
import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { META_THROTTLE_CODES, metaErrorBody } from '../kit/metaGraphError';
import { type GraphAnswer } from './FacebookHttp';
import { unansweredOutcome } from '../shared/failedCallOutcomes';

/** Meta's error body: `{error: {message, type, code, error_subcode, is_transient, fbtrace_id}}`. */
export interface GraphError {
  readonly message: string;
  readonly code: number | null;
  readonly subcode: number | null;
  readonly transient: boolean;
}

export const RETRY_SECONDS = 60;
/** Meta's throttles count over a rolling hour (docs/platforms.md); a quarter of it before trying again. */
export const THROTTLED_RETRY_SECONDS = 15 * 60;

/** Throttling: application (4), user (17), Page (32), action (613) and business use case limits (80001–80014). */
const isThrottle = (code: number | null) => code !== null && (META_THROTTLE_CODES.has(code) || (code >= 80000 && code <= 80014));
/** The token is dead: 190 (expired, password changed, logged out, app removed) and 102 (session). */
const isDeadToken = (code: number | null) => code === 190 || code === 102;

export function graphError(text: string, status: number): GraphError {
  const error = metaErrorBody(text);
  return {
    message: error?.message ?? `Facebook answered ${status}`,
    code: error?.code ?? null,
    subcode: error?.subcode ?? null,
    transient: error?.transient ?? false,
  };
}

/** Meta's message and code as one line; a message that already names its code (`(#4) …`) is not told it twice. */
export function describe(error: GraphError): string {
  const named = error.subcode === null && error.message.includes(`(#${error.code})`);
  const code = error.code === null || named ? '' : ` (#${error.code}${error.subcode === null ? '' : `/${error.subcode}`})`;
  return `Facebook: ${error.message}${code}`;
}

/**
 * Where a failed call stood: `preparing` (a status check, an unpublished photo: nothing is
 * visible yet, so any failure can be tried again) or `creating` (the post, photo, video or
 * comment itself: Meta takes no idempotency key, so once it may have been received, trying
 * again could publish it twice).
 */
export type CallStage = 'preparing' | 'creating';

/** The outcome of a Graph API call that did not succeed. */
export function failedCallOutcome(answer: GraphAnswer, stage: CallStage): PublishOutcome {
  if (answer.kind !== 'answered') return unansweredOutcome(answer, stage === 'creating', RETRY_SECONDS);
  const statusCode = answer.status;
  const error = graphError(answer.text, answer.status);
  const reason = describe(error);
  if (isDeadToken(error.code)) return { kind: 'needsReconnect', reason, statusCode };
  if (isThrottle(error.code)) return { kind: 'retryLater', afterSeconds: THROTTLED_RETRY_SECONDS, reason, statusCode };
  if (answer.status >= 500 || error.transient || error.code === 1 || error.code === 2) {
    return stage === 'creating'
      ? { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${reason}`, statusCode }
      : { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason, statusCode };
  }
  // 10 and 200–299 (a permission missing or removed), 368 (blocked), 506 (duplicate) and the rest.
  return { kind: 'rejected', reason, statusCode };
}

/** A refused token request (code exchange, long-lived exchange, Page list). */
export function grantFailure(answer: GraphAnswer): GrantFailure {
  if (answer.kind !== 'answered') return { kind: 'retryLater', reason: answer.reason, afterSeconds: RETRY_SECONDS };
  const error = graphError(answer.text, answer.status);
  const reason = describe(error);
  if (isDeadToken(error.code)) return { kind: 'reconnect', reason };
  if (isThrottle(error.code)) return { kind: 'retryLater', reason, afterSeconds: THROTTLED_RETRY_SECONDS };
  if (answer.status >= 500 || error.transient) return { kind: 'retryLater', reason, afterSeconds: RETRY_SECONDS };
  // 100/36007 and 100/36009: the authorization code expired or was used already.
  if (error.code === 100 && (error.subcode === 36007 || error.subcode === 36009)) return { kind: 'reconnect', reason };
  return { kind: 'rejected', reason };
}
