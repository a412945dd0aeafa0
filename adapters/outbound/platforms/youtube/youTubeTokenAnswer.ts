import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { googleMessage, retryAfterSeconds } from './youTubeErrors';
import { type GoogleAnswer, parseJson } from './YouTubeHttp';

interface TokenBody {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
}

const secondsAfter = (now: Date, seconds: unknown): Date | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(now.getTime() + seconds * 1000) : null;

const scopesOf = (scope: unknown): string[] => (typeof scope === 'string' ? scope.split(/\s+/).filter((s) => s.length > 0) : []);

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
  const newRefresh = typeof body.refresh_token === 'string' ? body.refresh_token : null;
  const scopes = scopesOf(body.scope);
  return {
    ok: true,
    grant: {
      kind: 'oauth2',
      accessToken: body.access_token,
      refreshToken: newRefresh ?? previous?.refreshToken ?? null,
      accessExpiresAt: secondsAfter(now, body.expires_in),
      refreshExpiresAt: newRefresh ? secondsAfter(now, body.refresh_token_expires_in) : (previous?.refreshExpiresAt ?? null),
      scopes: scopes.length > 0 ? scopes : (previous?.scopes ?? []),
    },
  };
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
