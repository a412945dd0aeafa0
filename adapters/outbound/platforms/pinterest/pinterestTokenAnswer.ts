import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PinterestAnswer, parseJson } from './PinterestHttp';
import { pinterestMessage, retryAfterSeconds } from './pinterestOutcomes';

interface TokenBody {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
  error_description?: unknown;
}

const secondsAfter = (now: Date, seconds: unknown): Date | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(now.getTime() + seconds * 1000) : null;

/** Pinterest's `scope` is comma separated (`boards:read,pins:write`); spaces are taken too. */
const scopesOf = (scope: unknown): string[] => (typeof scope === 'string' ? scope.split(/[\s,]+/).filter((s) => s.length > 0) : []);

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
