import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PinterestAnswer, parseJson } from './PinterestHttp';
import { pinterestMessage, retryAfterSeconds } from './pinterestOutcomes';
import { grantKeepingRefresh, scopesIn } from '../shared/oauth2TokenAnswer';

interface TokenBody {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/** Pinterest's `scope` is comma separated (`boards:read,pins:write`); spaces are taken too. */
const scopesOf = (scope: unknown): string[] => scopesIn(scope, /[\s,]+/);

/**
 * The grant in a token answer: lifetimes from Pinterest's own `expires_in` and
 * `refresh_token_expires_in`. A refresh that returns no new refresh token keeps `previous`'s,
 * whose lifetime does not move.
 */
export function grantFromTokenAnswer(answer: PinterestAnswer, now: Date, previous: OAuth2Grant | null): GrantResult<OAuth2Grant> {
  if (answer.kind !== 'answered') return { ok: false, failure: { kind: 'retryLater', reason: answer.reason, afterSeconds: 60 } };
  if (answer.status !== 200) return { ok: false, failure: tokenFailure(answer.status, answer.text, answer.headers) };
  const body = parseJson(answer.text) as TokenBody | null;
  if (typeof body?.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: 'Pinterest answered without an access token', afterSeconds: 60 } };
  }
  const { access_token: accessToken, expires_in: expiresIn, refresh_token: refreshToken, refresh_token_expires_in: refreshExpiresIn } = body;
  return { ok: true, grant: grantKeepingRefresh({ accessToken, expiresIn, refreshToken, refreshExpiresIn, scopes: scopesOf(body.scope) }, now, previous) };
}

/**
 * A refused token request: `invalid_grant` (an expired, revoked or unknown code or refresh
 * token) means the owner must connect again; a refused client is `rejected` (reconnecting
 * would not help); 429 and 5xx are temporary.
 */
export function tokenFailure(status: number, text: string, headers: Headers): GrantFailure {
  const body = parseJson(text) as TokenBody | null;
  const reason = pinterestMessage(text, status);
  if (status === 429) return { kind: 'retryLater', reason, afterSeconds: retryAfterSeconds(headers) };
  if (status >= 500) return { kind: 'retryLater', reason, afterSeconds: 60 };
  if (body?.error === 'invalid_grant') return { kind: 'reconnect', reason };
  // The same refusal in Pinterest's own `{code, message}` shape: the code or refresh token is no good.
  if (status === 400 && /refresh token|authorization code|grant/i.test(reason) && /invalid|expired|revoked/i.test(reason)) {
    return { kind: 'reconnect', reason };
  }
  return { kind: 'rejected', reason };
}
