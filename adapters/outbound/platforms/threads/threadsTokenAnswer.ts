import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { isRateLimited, isTemporary, metaErrorOf, RATE_LIMIT_RETRY_SECONDS, RETRY_SECONDS, TOKEN_REFUSED, threadsMessage } from './threadsErrors';
import { parseJson, type ThreadsAnswer } from './ThreadsHttp';
import { secondsAfter } from '../shared/oauth2TokenAnswer';

/** Meta refuses a code that is unknown, used or expired with OAuthException 100 (invalid parameter). */
const INVALID_PARAMETER = 100;

/**
 * Why a token request was refused: a dead token or code means the owner connects again; a
 * wrong app id or secret is `rejected` (reconnecting would not fix it); throttling and 5xx
 * are temporary.
 */
export function tokenFailure(answer: ThreadsAnswer, codeExchange: boolean): GrantFailure {
  if (answer.kind !== 'answered') return { kind: 'retryLater', reason: answer.reason, afterSeconds: RETRY_SECONDS };
  const error = metaErrorOf(answer.text);
  const reason = threadsMessage(error, answer.status);
  if (isRateLimited(error, answer.status)) return { kind: 'retryLater', reason, afterSeconds: RATE_LIMIT_RETRY_SECONDS };
  if (isTemporary(error, answer.status)) return { kind: 'retryLater', reason, afterSeconds: RETRY_SECONDS };
  if (error.code === TOKEN_REFUSED) return { kind: 'reconnect', reason };
  if (codeExchange && error.code === INVALID_PARAMETER && /code/i.test(error.message ?? '')) return { kind: 'reconnect', reason };
  return { kind: 'rejected', reason };
}

/** The short-lived token of a code exchange (`{access_token, user_id}`), or why there is none. */
export function shortLivedToken(answer: ThreadsAnswer): { ok: true; accessToken: string } | { ok: false; failure: GrantFailure } {
  if (answer.kind !== 'answered' || answer.status !== 200) return { ok: false, failure: tokenFailure(answer, true) };
  const token = (parseJson(answer.text) as { access_token?: unknown } | null)?.access_token;
  if (typeof token !== 'string')
    return { ok: false, failure: { kind: 'retryLater', reason: 'Threads answered without an access token', afterSeconds: RETRY_SECONDS } };
  return { ok: true, accessToken: token };
}

/**
 * The grant of a long-lived token answer (`{access_token, token_type, expires_in}`), from an
 * exchange or a refresh. Threads has no refresh token: the long-lived token refreshes itself
 * until it expires, so `refreshToken` is null and `refreshExpiresAt` is the token's own expiry
 * (the last moment a refresh is possible).
 */
export function longLivedGrant(answer: ThreadsAnswer, now: Date, scopes: readonly string[], codeExchange: boolean): GrantResult<OAuth2Grant> {
  if (answer.kind !== 'answered' || answer.status !== 200) return { ok: false, failure: tokenFailure(answer, codeExchange) };
  const body = parseJson(answer.text) as { access_token?: unknown; expires_in?: unknown } | null;
  if (typeof body?.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: 'Threads answered without an access token', afterSeconds: RETRY_SECONDS } };
  }
  const expiresAt = secondsAfter(now, body.expires_in);
  return {
    ok: true,
    grant: { kind: 'oauth2', accessToken: body.access_token, refreshToken: null, accessExpiresAt: expiresAt, refreshExpiresAt: expiresAt, scopes },
  };
}
