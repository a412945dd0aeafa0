import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Answered, callPlatform, type PlatformAnswer, type PlatformRequest, parseJson } from '../kit/http';
import { grantFromTokenAnswer, oauth2GrantFor, postTokenForm, RefreshTokenUpkeep, type TokenEndpoint } from '../kit/oauth2';
import { type PlatformErrors } from '../kit/outcomes';
import { type ConnectorOptions, type ConnectorSettings } from '../kit/settings';

export interface PinterestOptions extends ConnectorOptions {
  /** How long to wait before asking again whether Pinterest has processed an uploaded video. */
  readonly videoCheckSeconds?: number;
}

/** The v5 API and its token endpoint at `apiBaseUrl` (`https://api-sandbox.pinterest.com` for an app on Trial access), consent at `authBaseUrl`. */
export interface PinterestSettings extends ConnectorSettings {
  readonly videoCheckSeconds: number;
}

/** Pinterest's error body `{code, message}` (the description's `Error`), or an OAuth `{error, error_description}`, as one line. */
function pinterestMessage(answer: Answered): string {
  const body = parseJson(answer.text) as { message?: unknown; code?: unknown; error?: unknown; error_description?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : typeof body?.error_description === 'string' ? body.error_description : null;
  const code =
    typeof body?.code === 'number' || typeof body?.code === 'string' ? ` (code ${body.code})` : typeof body?.error === 'string' ? ` (${body.error})` : '';
  return message ? `Pinterest: ${message}${code}` : `Pinterest answered ${answer.status}`;
}

/**
 * By status. Pinterest's description names no rate-limit header: a 429 waits for `Retry-After`
 * where one is sent, a minute otherwise (its limits are counted per minute on Standard access).
 */
export const PINTEREST_ERRORS: PlatformErrors = { platform: 'Pinterest', message: pinterestMessage };

export const callPinterest = (settings: PinterestSettings, request: PlatformRequest): Promise<PlatformAnswer> => callPlatform('Pinterest', settings, request);

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('Pinterest', grant);

/**
 * The scopes of `needed` the grant was not given, as Pinterest's token answer listed them (none
 * known: none missing). A connection made before the connect flow asked for a scope lacks it
 * until it is connected again.
 */
export function missingScopes(grant: OAuth2Grant, needed: readonly string[]): string[] {
  return grant.scopes.length === 0 ? [] : needed.filter((scope) => !grant.scopes.includes(scope));
}

/** Pinterest's refusal of a dead code or refresh token, in its own `{code, message}` body rather than `invalid_grant`. */
const DEAD_GRANT = [/refresh token|authorization code|grant/i, /invalid|expired|revoked/i];

/** `POST /v5/oauth/token`, the client in HTTP Basic; scopes comma separated; the refresh token's lifetime its `refresh_token_expires_in`. */
export const tokenEndpointOf = (settings: PinterestSettings): TokenEndpoint => ({
  errors: PINTEREST_ERRORS,
  url: `${settings.tokenBaseUrl}/v5/oauth/token`,
  clientId: settings.clientId,
  clientSecret: settings.clientSecret,
  clientAuth: 'basic',
  scopeSeparator: /[\s,]+/,
  refreshExpiresInField: 'refresh_token_expires_in',
  deadGrant: (_error, _description, answer) => answer.status === 400 && DEAD_GRANT.every((words) => words.test(pinterestMessage(answer))),
});

/**
 * Asked on every token request: Pinterest's description (5.23, `oauth/token`) has apps created
 * before 25 September 2025 set `continuous_refresh=true` for the continuous refresh token (60
 * days, refreshable indefinitely, a new one with each refresh); later apps get it anyway.
 */
export const CONTINUOUS_REFRESH = { continuous_refresh: 'true' } as const;

/** Pinterest's access tokens live for weeks (their `expires_in`): a day of margin covers a worker that was down. */
const RENEW_AHEAD_MS = 24 * 60 * 60 * 1000;

/** The kit's refresh-token upkeep, each refresh asking for continuous refresh. Pinterest offers no revocation: disconnecting forgets the grant. */
export class PinterestTokens implements TokenUpkeep {
  private readonly upkeep: RefreshTokenUpkeep;

  constructor(private readonly settings: PinterestSettings) {
    this.upkeep = new RefreshTokenUpkeep(settings, tokenEndpointOf(settings), RENEW_AHEAD_MS);
  }

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    return this.upkeep.needsRefresh(grant, now);
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    if (oauth.refreshToken === null) return this.upkeep.refresh(grant);
    const endpoint = tokenEndpointOf(this.settings);
    const answer = await postTokenForm(this.settings, endpoint, { grant_type: 'refresh_token', refresh_token: oauth.refreshToken, ...CONTINUOUS_REFRESH });
    return grantFromTokenAnswer(answer, this.settings.now(), oauth, endpoint);
  }

  async revoke(_grant: PlatformGrant): Promise<void> {}
}
