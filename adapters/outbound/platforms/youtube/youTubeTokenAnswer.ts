import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { googleMessage, retryAfterSeconds } from './youTubeErrors';
import { type GoogleAnswer, parseJson } from './YouTubeHttp';
import { grantKeepingRefresh, scopesIn } from '../shared/oauth2TokenAnswer';

interface TokenBody {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
}

const scopesOf = (scope: unknown): string[] => scopesIn(scope, /\s+/);

/**
 * The grant in Google's token answer. Google normally returns no new refresh token on a
 * refresh, so `previous`'s is kept; `refresh_token_expires_in` comes only with time-limited
 * access.
 */
export function grantFromTokenAnswer(answer: GoogleAnswer, now: Date, previous: OAuth2Grant | null): GrantResult<OAuth2Grant> {
  if (answer.kind !== 'answered') return { ok: false, failure: { kind: 'retryLater', reason: answer.reason, afterSeconds: 60 } };
  if (answer.status !== 200) return { ok: false, failure: tokenFailure(answer.status, answer.text, answer.headers, now) };
  const body = parseJson(answer.text) as TokenBody | null;
  if (typeof body?.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: 'Google answered without an access token', afterSeconds: 60 } };
  }
  const { access_token: accessToken, expires_in: expiresIn, refresh_token: refreshToken, refresh_token_expires_in: refreshExpiresIn } = body;
  return { ok: true, grant: grantKeepingRefresh({ accessToken, expiresIn, refreshToken, refreshExpiresIn, scopes: scopesOf(body.scope) }, now, previous) };
}

/**
 * A refused token request: `invalid_grant` (a revoked refresh token, one unused for six months,
 * one that expired after 7 days while the app is in "Testing", or a bad code or verifier) means
 * the owner must connect again; a misconfigured app is `rejected`; 429 and 5xx are temporary.
 */
export function tokenFailure(status: number, text: string, headers: Headers, now: Date): GrantFailure {
  const error = (parseJson(text) as TokenBody | null)?.error;
  const reason = googleMessage(text, status);
  if (status === 429) return { kind: 'retryLater', reason, afterSeconds: retryAfterSeconds(headers, now) };
  if (status >= 500) return { kind: 'retryLater', reason, afterSeconds: 60 };
  if (error === 'invalid_grant') return { kind: 'reconnect', reason };
  return { kind: 'rejected', reason };
}
