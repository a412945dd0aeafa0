import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { type LinkedInAnswer, parseJson } from './LinkedInHttp';
import { linkedInMessage, retryAfterSeconds } from './linkedInOutcomes';
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
 * The grant in a token answer: lifetimes from LinkedIn's own `expires_in` and
 * `refresh_token_expires_in`. A refresh that returns no new refresh token keeps `previous`'s,
 * whose fixed lifetime does not move.
 */
export function grantFromTokenAnswer(answer: LinkedInAnswer, now: Date, previous: OAuth2Grant | null): GrantResult<OAuth2Grant> {
  return grantFromOAuth2Answer(answer, now, previous, {
    platform: 'LinkedIn',
    refreshExpiresInField: 'refresh_token_expires_in',
    /** LinkedIn's `scope` is comma separated (`openid,profile,w_member_social`); spaces are taken too. */
    scopeSeparator: /[\s,]+/,
    tokenFailure: ({ status, text, headers }) => tokenFailure(status, text, headers),
  });
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
