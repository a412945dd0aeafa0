import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { googleMessage, retryAfterSeconds } from './youTubeErrors';
import { type GoogleAnswer, parseJson } from './YouTubeHttp';
import { grantFromOAuth2Answer } from '../shared/oauth2TokenAnswer';

interface TokenBody {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_token_expires_in?: unknown;
  scope?: unknown;
  error?: unknown;
}

/**
 * The grant in Google's token answer. Google normally returns no new refresh token on a
 * refresh, so `previous`'s is kept; `refresh_token_expires_in` comes only with time-limited
 * access.
 */
export function grantFromTokenAnswer(answer: GoogleAnswer, now: Date, previous: OAuth2Grant | null): GrantResult<OAuth2Grant> {
  return grantFromOAuth2Answer(answer, now, previous, {
    platform: 'Google',
    refreshExpiresInField: 'refresh_token_expires_in',
    scopeSeparator: /\s+/,
    tokenFailure: ({ status, text, headers }) => tokenFailure(status, text, headers, now),
  });
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
