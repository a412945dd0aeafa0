import { type FakeCall } from './kit/fakeCall';
import { EXPIRED_SESSION, INVALID_TOKEN, invalidParameter, metaError, type MetaFakeError, type MetaScripted, UNEXPECTED } from './kit/metaGraphAnswers';
import { type FakeAccessToken } from './kit/oauthGrants';
import { type Answer } from './kit/scriptedAnswers';
import { type ThreadsFakeState } from './threadsFakeState';

/** Threads answers a permission it lacks with code 10 (docs/platforms.md, Threads: errors, every call). */
export const THREADS_PERMISSION_CODE = 10;

/** An error of Meta's shape, as an answer. */
export const refused = (error: MetaFakeError): Answer => metaError(error);

/** An invalid parameter, as the Graph API says it (code 100). */
export const badParameter = (message: string, subcode?: number): Answer => metaError(invalidParameter(message, subcode));

/** Scripts for the tests: Threads' trouble (code 2), a throttle without a usage header (Meta sends no Retry-After), any Graph error. */
export const SERVER_ERROR: MetaScripted = { kind: 'error', error: UNEXPECTED };
export const throttle = (status: 400 | 429, code: number): MetaScripted => ({
  kind: 'error',
  error: { status, code, message: 'Application request limit reached' },
});
export const graphError = (code: number, message: string): MetaScripted => ({ kind: 'error', error: { status: 400, code, message } });

/** The user's live token (query, form or Bearer), or Meta's 190 answered: expired on the fake's clock, or unknown. */
export function userOf(call: FakeCall<ThreadsFakeState>): FakeAccessToken | null {
  const live = call.state.bearerOf(call.request);
  if (live) return live;
  const token = call.state.tokenIn(call.request);
  call.send(metaError(token !== undefined && call.state.expiredByTime(token) ? EXPIRED_SESSION : INVALID_TOKEN));
  return null;
}

export { INVALID_TOKEN };
