import { type GrantFailure } from '../../../../application/ports/platforms/GrantFailure';
import { type XrpcFailure } from './xrpcFailure';

/** The wait when the PDS gave none (a timeout, a 5xx). */
const DEFAULT_WAIT_SECONDS = 30;

/** Accounts that reconnecting would not bring back. */
const ACCOUNT_GONE = new Set(['AccountTakedown', 'AccountDeactivated']);

/**
 * A failed createSession or refreshSession, classified: only the PDS refusing the credentials
 * means reconnect, never a timeout, a 5xx or a 429 (docs/product.md).
 */
export function grantFailureFrom(failure: XrpcFailure): GrantFailure {
  if (failure.kind === 'noAnswer') return { kind: 'retryLater', reason: failure.reason, afterSeconds: DEFAULT_WAIT_SECONDS };
  if (failure.status === 429 || failure.status >= 500) {
    return { kind: 'retryLater', reason: failure.reason, afterSeconds: failure.afterSeconds ?? DEFAULT_WAIT_SECONDS };
  }
  if (ACCOUNT_GONE.has(failure.error)) return { kind: 'rejected', reason: failure.reason };
  if (failure.status === 401 || failure.error === 'ExpiredToken' || failure.error === 'InvalidToken') {
    return { kind: 'reconnect', reason: failure.reason };
  }
  return { kind: 'rejected', reason: failure.reason };
}
