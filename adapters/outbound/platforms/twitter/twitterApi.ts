import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Answered, callPlatform, type PlatformAnswer, type PlatformRequest, parseJson } from '../kit/http';
import { oauth2GrantFor, type TokenEndpoint } from '../kit/oauth2';
import { type PlatformErrors, resetHeaderSeconds, RETRY_SECONDS } from '../kit/outcomes';
import { type ConnectorOptions, type ConnectorSettings } from '../kit/settings';

export interface TwitterOptions extends ConnectorOptions {
  /** The size of each APPEND of a chunked (video) upload. */
  readonly chunkBytes?: number;
}

export interface TwitterSettings extends ConnectorSettings {
  readonly chunkBytes: number;
}

/** X's error (a problem-details body, an `errors` list, or an OAuth error), as one line. */
function xMessage(answer: Answered): string {
  type Problem = { title?: unknown; detail?: unknown; error_description?: unknown; errors?: Array<{ message?: unknown; detail?: unknown }> };
  const body = parseJson(answer.text) as Problem | null;
  const first = Array.isArray(body?.errors) ? body.errors[0] : undefined;
  const candidates = [body?.detail, body?.error_description, first?.message, first?.detail, body?.title];
  const message = candidates.find((c): c is string => typeof c === 'string' && c.length > 0);
  return message ? `X: ${message}` : `X answered ${answer.status}`;
}

/** By status (400 and 403 are refusals: a duplicate, a reply X does not allow); a 429 waits for `x-rate-limit-reset`. */
export const X_ERRORS: PlatformErrors = {
  platform: 'X',
  message: xMessage,
  waitSeconds: (answer, now) => resetHeaderSeconds(answer.headers, 'x-rate-limit-reset', now, RETRY_SECONDS),
};

export const callX = (settings: TwitterSettings, request: PlatformRequest): Promise<PlatformAnswer> => callPlatform('X', settings, request);

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('X', grant);

/**
 * X's token and revoke endpoints, for a confidential client (Basic). A used or revoked refresh
 * token is `invalid_request` "Value passed for the token was invalid" (docs/platforms.md, X
 * reconnect signals): a dead grant, like `invalid_grant`. X states no refresh token lifetime.
 */
export const tokenEndpointOf = (settings: TwitterSettings): TokenEndpoint => ({
  errors: X_ERRORS,
  url: `${settings.apiBaseUrl}/2/oauth2/token`,
  revokeUrl: `${settings.apiBaseUrl}/2/oauth2/revoke`,
  clientId: settings.clientId,
  clientSecret: settings.clientSecret,
  clientAuth: 'basic',
  scopeSeparator: /\s+/,
  deadGrant: (error, description) => error === 'invalid_request' && /token was invalid|authorization code/i.test(description),
});
