import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PinterestAnswer, parseJson } from './PinterestHttp';
import { pinterestMessage, retryAfterSeconds } from './pinterestOutcomes';
import { grantFromOAuth2Answer } from '../shared/oauth2TokenAnswer';

interface TokenBody {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/**
 * The grant in a token answer: lifetimes from Pinterest's own `expires_in` and
 * `refresh_token_expires_in`. A refresh that returns no new refresh token keeps `previous`'s,
 * whose lifetime does not move.
 */
export function grantFromTokenAnswer(answer: PinterestAnswer, now: Date, previous: OAuth2Grant | null): GrantResult<OAuth2Grant> {
  return grantFromOAuth2Answer(answer, now, previous, {
    platform: 'Pinterest',
    refreshExpiresInField: 'refresh_token_expires_in',
    /** Pinterest's `scope` is comma separated (`boards:read,pins:write`); spaces are taken too. */
    scopeSeparator: /[\s,]+/,
    tokenFailure: ({ status, text, headers }) => tokenFailure(status, text, headers),
  });
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
