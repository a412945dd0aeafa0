import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { callX, parseJson, type TwitterAnswer } from './TwitterHttp';
import { type TwitterSettings } from './TwitterOptions';
import { DEFAULT_RETRY_SECONDS, rateLimitSeconds, xMessage } from './twitterOutcomes';
import { scopesIn, secondsAfter } from '../shared/oauth2TokenAnswer';

interface TokenBody {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  scope?: unknown;
  error?: unknown;
  error_description?: unknown;
}

/**
 * A form POST to X's token or revoke endpoint, as a confidential client: the client id and
 * secret go in `Authorization: Basic`, never in the body.
 */
export function callTokenEndpoint(settings: TwitterSettings, path: '/2/oauth2/token' | '/2/oauth2/revoke', form: Record<string, string>) {
  const basic = Buffer.from(`${encodeURIComponent(settings.clientId)}:${encodeURIComponent(settings.clientSecret)}`).toString('base64');
  return callX(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}${path}`,
    headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

const scopesOf = (scope: unknown): string[] => scopesIn(scope, /\s+/);

/**
 * The grant in a token answer: the access token's lifetime from X's `expires_in`. X rotates
 * refresh tokens (each is good once), so the answer's refresh token replaces the old one;
 * X states no lifetime for it.
 */
export function grantFromTokenAnswer(answer: TwitterAnswer, now: Date, previous: OAuth2Grant | null): GrantResult<OAuth2Grant> {
  if (answer.kind !== 'answered') return { ok: false, failure: { kind: 'retryLater', reason: answer.reason, afterSeconds: DEFAULT_RETRY_SECONDS } };
  if (answer.status !== 200) return { ok: false, failure: tokenFailure(answer, now) };
  const body = parseJson(answer.text) as TokenBody | null;
  if (typeof body?.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: 'X answered without an access token', afterSeconds: DEFAULT_RETRY_SECONDS } };
  }
  const scopes = scopesOf(body.scope);
  return {
    ok: true,
    grant: {
      kind: 'oauth2',
      accessToken: body.access_token,
      refreshToken: typeof body.refresh_token === 'string' ? body.refresh_token : null,
      accessExpiresAt: secondsAfter(now, body.expires_in),
      refreshExpiresAt: null,
      scopes: scopes.length > 0 ? scopes : (previous?.scopes ?? []),
    },
  };
}

/**
 * A refused token request. `invalid_grant`, and the `invalid_request` "Value passed for the
 * token was invalid" X answers for a used or revoked refresh token (docs/platforms.md, X
 * reconnect signals), mean the owner must connect again; a misconfigured client is
 * `rejected`; 429 and 5xx are temporary.
 */
export function tokenFailure(answer: TwitterAnswer & { kind: 'answered' }, now: Date): GrantFailure {
  const { status, text, headers } = answer;
  const body = parseJson(text) as TokenBody | null;
  const error = typeof body?.error === 'string' ? body.error : null;
  const reason = xMessage(text, status);
  if (status === 429) return { kind: 'retryLater', reason, afterSeconds: rateLimitSeconds(headers, now) };
  if (status >= 500) return { kind: 'retryLater', reason, afterSeconds: DEFAULT_RETRY_SECONDS };
  if (error === 'invalid_client' || error === 'unauthorized_client' || status === 401) return { kind: 'rejected', reason };
  if (error === 'invalid_grant') return { kind: 'reconnect', reason };
  const description = typeof body?.error_description === 'string' ? body.error_description : '';
  if (error === 'invalid_request' && /token was invalid|authorization code/i.test(description)) return { kind: 'reconnect', reason };
  return { kind: 'rejected', reason };
}
