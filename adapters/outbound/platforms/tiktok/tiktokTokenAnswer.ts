import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant } from '../../../../application/ports/platforms/PlatformGrant';
import { callTikTok, parseJson, type TikTokAnswer } from './TikTokHttp';
import { type TikTokSettings } from './TikTokOptions';
import { retryAfterSeconds, tiktokError, tiktokReason } from './tiktokOutcomes';
import { grantKeepingRefresh, scopesIn } from '../shared/oauth2TokenAnswer';

interface TokenBody {
  access_token?: unknown;
  expires_in?: unknown;
  refresh_token?: unknown;
  refresh_expires_in?: unknown;
  scope?: unknown;
}

/** TikTok's `scope` is comma separated (`user.info.basic,video.publish`). */
const scopesOf = (scope: unknown): string[] => scopesIn(scope, /[\s,]+/);

/**
 * The grant in a token answer, lifetimes from TikTok's own `expires_in` and
 * `refresh_expires_in` (its documentation has said both 24 h / 365 days and 2 h / 180 days).
 * A refresh may hand out a new refresh token and end the old one: the new one is kept.
 */
export function grantFromTokenAnswer(answer: TikTokAnswer, now: Date, previous: OAuth2Grant | null): GrantResult<OAuth2Grant> {
  if (answer.kind !== 'answered') return { ok: false, failure: { kind: 'retryLater', reason: answer.reason, afterSeconds: 60 } };
  const body = parseJson(answer.text) as TokenBody | null;
  if (answer.status !== 200 || typeof body?.access_token !== 'string') return { ok: false, failure: tokenFailure(answer) };
  const { access_token: accessToken, expires_in: expiresIn, refresh_token: refreshToken, refresh_expires_in: refreshExpiresIn } = body;
  return { ok: true, grant: grantKeepingRefresh({ accessToken, expiresIn, refreshToken, refreshExpiresIn, scopes: scopesOf(body.scope) }, now, previous) };
}

/**
 * A refused token request. TikTok's OAuth errors come as `{error, error_description, log_id}`,
 * sometimes with HTTP 200: `invalid_grant` (an unknown, used, expired or revoked code or refresh
 * token) means the owner must connect again; a misconfigured app is `rejected`.
 */
function tokenFailure(answer: Extract<TikTokAnswer, { kind: 'answered' }>): GrantFailure {
  const { status, text, headers } = answer;
  const { code } = tiktokError(text);
  const reason = tiktokReason(text, status);
  if (status === 429 || code === 'rate_limit_exceeded') return { kind: 'retryLater', reason, afterSeconds: retryAfterSeconds(headers) };
  if (status >= 500) return { kind: 'retryLater', reason, afterSeconds: 60 };
  if (code === 'invalid_grant') return { kind: 'reconnect', reason };
  if (code === null) return { kind: 'retryLater', reason: 'TikTok answered without an access token', afterSeconds: 60 };
  return { kind: 'rejected', reason };
}

/** `POST /v2/oauth/token/`, form encoded, for both grants. */
export function tokenCall(settings: TikTokSettings, form: URLSearchParams): Promise<TikTokAnswer> {
  return callTikTok(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}/v2/oauth/token/`,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
}
