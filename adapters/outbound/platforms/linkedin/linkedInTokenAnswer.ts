import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type LinkedInAnswer, parseJson } from './LinkedInHttp';
import { linkedInMessage, retryAfterSeconds } from './linkedInOutcomes';
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

/** LinkedIn's `scope` is comma separated (`openid,profile,w_member_social`); spaces are taken too. */
const scopesOf = (scope: unknown): string[] => scopesIn(scope, /[\s,]+/);

/**
 * The grant in a token answer: lifetimes from LinkedIn's own `expires_in` and
 * `refresh_token_expires_in`. A refresh that returns no new refresh token keeps `previous`'s,
 * whose fixed lifetime does not move.
 */
export function grantFromTokenAnswer(answer: LinkedInAnswer, now: Date, previous: OAuth2Grant | null): GrantResult<OAuth2Grant> {
  if (answer.kind !== 'answered') return { ok: false, failure: { kind: 'retryLater', reason: answer.reason, afterSeconds: 60 } };
  if (answer.status !== 200) return { ok: false, failure: tokenFailure(answer.status, answer.text, answer.headers) };
  const body = parseJson(answer.text) as TokenBody | null;
  if (typeof body?.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: 'LinkedIn answered without an access token', afterSeconds: 60 } };
  }
  const { access_token: accessToken, expires_in: expiresIn, refresh_token: refreshToken, refresh_token_expires_in: refreshExpiresIn } = body;
  return { ok: true, grant: grantKeepingRefresh({ accessToken, expiresIn, refreshToken, refreshExpiresIn, scopes: scopesOf(body.scope) }, now, previous) };
}

/**
 * A refused token request: `invalid_grant` (an expired, revoked or unknown code or refresh
 * token) means the owner must connect again; a misconfigured app is `rejected`; 429 and 5xx
 * are temporary.
 */
export function tokenFailure(status: number, text: string, headers: Headers): GrantFailure {
  const body = parseJson(text) as TokenBody | null;
  const error = typeof body?.error === 'string' ? body.error : null;
  const reason = linkedInMessage(text, status);
  if (status === 429) return { kind: 'retryLater', reason, afterSeconds: retryAfterSeconds(headers) };
  if (status >= 500) return { kind: 'retryLater', reason, afterSeconds: 60 };
  if (error === 'invalid_client' || error === 'unauthorized_client') return { kind: 'rejected', reason };
  if (error === 'invalid_grant') return { kind: 'reconnect', reason };
  // LinkedIn also answers invalid_request when the refresh token it is given has expired or been revoked.
  const description = typeof body?.error_description === 'string' ? body.error_description : '';
  if (error === 'invalid_request' && /refresh token|authorization code/i.test(description) && /expired|revoked|invalid/i.test(description)) {
    return { kind: 'reconnect', reason };
  }
  return { kind: 'rejected', reason };
}
