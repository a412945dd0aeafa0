import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Answered, bearer, callPlatform, type PlatformAnswer, type PlatformRequest, parseJson } from '../kit/http';
import { oauth2GrantFor, type TokenEndpoint } from '../kit/oauth2';
import { type ErrorMeaning, type PlatformErrors } from '../kit/outcomes';
import { type ConnectorOptions, type ConnectorSettings, connectorSettings } from '../kit/settings';

/** TikTok names the app's id `client_key` (not `client_id`). */
export interface TikTokOptions extends Omit<ConnectorOptions, 'clientId' | 'tokenBaseUrl'> {
  readonly clientKey: string;
  /** The chunk size asked for a video upload; TikTok takes 5–64 MB chunks (docs/platforms.md). */
  readonly chunkBytes?: number;
  /**
   * Also ask for `video.list` (TikTok's Display API, added to the app in TikTok's developer
   * portal) and read public videos' figures with it (tiktokReader.ts). Off: no figures.
   */
  readonly videoList?: boolean;
}

export interface TikTokSettings extends ConnectorSettings {
  readonly chunkBytes: number;
  readonly videoList: boolean;
}

const MEGABYTE = 1024 * 1024;

/** The Open API (`open.tiktokapis.com`: tokens, user info, publishing) and the consent screen (`www.tiktok.com`). */
export function tiktokSettings(options: TikTokOptions): TikTokSettings {
  const settings = connectorSettings({ ...options, clientId: options.clientKey }, { api: 'https://open.tiktokapis.com', auth: 'https://www.tiktok.com' });
  // TikTok's bounds for a chunk (docs/platforms.md: 5–64 MB).
  const chunkBytes = Math.min(64 * MEGABYTE, Math.max(5 * MEGABYTE, options.chunkBytes ?? 10 * MEGABYTE));
  return { ...settings, chunkBytes, videoList: options.videoList ?? false };
}

/** Advice added to TikTok's refusals that the person can act on. */
const ADVICE: Record<string, string> = {
  privacy_level_option_mismatch: 'choose a privacy level the creator may use (an app TikTok has not audited may only post SELF_ONLY)',
  unaudited_client_can_only_post_to_private_accounts: 'an app TikTok has not audited may only post SELF_ONLY to a private account',
  url_ownership_unverified: "TikTok pulls media only from a domain verified for the app in TikTok's developer portal",
  spam_risk_too_many_posts: "the creator reached TikTok's daily limit of posts through apps: try again tomorrow",
  spam_risk_too_many_pending_share: 'the creator has too many posts waiting in their TikTok inbox: finish or delete some first',
  spam_risk_user_banned_from_posting: 'TikTok does not let this creator post at the moment',
  reached_active_user_cap: "the app reached TikTok's daily cap of creators posting through it: try again tomorrow",
  scope_not_authorized: 'connect the account again, granting video.publish',
  scope_permission_missed: 'connect the account again, granting video.publish',
};

/** TikTok's error `{error: {code, message, log_id}}`, for OAuth answers `{error, error_description}`. */
export function tiktokError(text: string): { code: string | null; message: string | null } {
  const body = parseJson(text) as { error?: unknown; error_description?: unknown } | null;
  if (typeof body?.error === 'string') {
    return { code: body.error, message: typeof body.error_description === 'string' ? body.error_description : null };
  }
  const error = (body?.error ?? null) as { code?: unknown; message?: unknown } | null;
  return { code: typeof error?.code === 'string' ? error.code : null, message: typeof error?.message === 'string' && error.message ? error.message : null };
}

/** One line for the person: TikTok's message, its code, and what to do where that is known. */
function tiktokReason(answer: Answered): string {
  const { code, message } = tiktokError(answer.text);
  const status = answer.status;
  const said = message ? `TikTok: ${message}${code ? ` (${code})` : ''}` : code ? `TikTok answered ${status} (${code})` : `TikTok answered ${status}`;
  const advice = code ? ADVICE[code] : undefined;
  return advice ? `${said}: ${advice}` : said;
}

const RECONNECT_CODES = new Set(['access_token_invalid', 'scope_not_authorized', 'scope_permission_missed']);

/**
 * TikTok's errors by their `error.code` as well as their status
 * (https://developers.tiktok.com/doc/tiktok-api-v2-error-handling): a dead or short token asks for
 * the account again, `rate_limit_exceeded` waits for `Retry-After` (else a minute); a refusal
 * TikTok answers with status 200 (creator_info's `spam_risk_*`) goes by its status: refused.
 */
export const TIKTOK_ERRORS: PlatformErrors = {
  platform: 'TikTok',
  message: tiktokReason,
  meaning: (answer): ErrorMeaning | null => {
    const { code } = tiktokError(answer.text);
    if (code !== null && RECONNECT_CODES.has(code)) return 'reconnect';
    return code === 'rate_limit_exceeded' ? 'throttled' : null;
  },
};

export const callTikTok = (settings: TikTokSettings, request: PlatformRequest): Promise<PlatformAnswer> => callPlatform('TikTok', settings, request);

/** A JSON call to the Open API with the creator's token (`Bearer`, `application/json; charset=UTF-8`). */
export function callOpenApi(settings: TikTokSettings, accessToken: string, path: string, body?: object): Promise<PlatformAnswer> {
  return callTikTok(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}${path}`,
    headers: { ...bearer(accessToken), 'Content-Type': 'application/json; charset=UTF-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The `data` object of an Open API answer whose `error.code` is `ok`; null otherwise. */
export function dataOf(answer: PlatformAnswer): Record<string, unknown> | null {
  if (answer.kind !== 'answered' || answer.status !== 200) return null;
  const body = parseJson(answer.text) as { data?: unknown; error?: { code?: unknown } } | null;
  if (body?.error?.code !== 'ok' || typeof body.data !== 'object' || body.data === null) return null;
  return body.data as Record<string, unknown>;
}

/** Whether an answer with status 200 carries no data and no error code either: TikTok said nothing. */
export const saidNothing = (answer: PlatformAnswer): boolean =>
  answer.kind === 'answered' && answer.status === 200 && dataOf(answer) === null && [null, 'ok'].includes(tiktokError(answer.text).code);

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('TikTok', grant);

/**
 * `POST /v2/oauth/token/` and `/v2/oauth/revoke/`, form encoded, the app as `client_key` and its
 * secret; scopes comma separated; lifetimes from TikTok's own `expires_in` and
 * `refresh_expires_in` (its documentation has said both 24 h / 365 days and 2 h / 180 days). A
 * refresh may hand out a new refresh token and end the old one: the new one is kept. OAuth
 * errors `{error, error_description, log_id}` come sometimes with status 200; `invalid_grant` (an
 * unknown, used, expired or revoked code or refresh token) asks for the account again.
 * Revocation names the access token, as TikTok's page does.
 */
export const tokenEndpointOf = (settings: TikTokSettings): TokenEndpoint => ({
  errors: TIKTOK_ERRORS,
  url: `${settings.apiBaseUrl}/v2/oauth/token/`,
  revokeUrl: `${settings.apiBaseUrl}/v2/oauth/revoke/`,
  revokes: 'access',
  clientId: settings.clientId,
  clientIdField: 'client_key',
  clientSecret: settings.clientSecret,
  clientAuth: 'body',
  scopeSeparator: /[\s,]+/,
  refreshExpiresInField: 'refresh_expires_in',
});
