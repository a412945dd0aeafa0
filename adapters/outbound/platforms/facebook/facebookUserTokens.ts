import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { grantFailure, RETRY_SECONDS } from './facebookErrors';
import { graphGet, okBody } from './FacebookHttp';
import { type FacebookSettings } from './FacebookOptions';
import { oauth2GrantFor } from '../shared/oauth2Upkeep';

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('Facebook', grant);

interface TokenBody {
  access_token?: unknown;
  expires_in?: unknown;
}

type TokenResult = { readonly ok: true; readonly token: string; readonly expiresAt: Date | null } | Extract<GrantResult<never>, { ok: false }>;

/** `GET /oauth/access_token` with the app's id and secret and `query`: a user access token and its `expires_in`. */
export async function userToken(settings: FacebookSettings, query: Record<string, string>): Promise<TokenResult> {
  const answer = await graphGet(settings, '/oauth/access_token', null, { client_id: settings.clientId, client_secret: settings.clientSecret, ...query });
  if (answer.kind !== 'answered' || answer.status !== 200) return { ok: false, failure: grantFailure(answer) };
  const body = okBody<TokenBody>(answer);
  if (typeof body?.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: 'Facebook answered without an access token', afterSeconds: RETRY_SECONDS } };
  }
  const seconds = body.expires_in;
  const expiresAt = typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(settings.now().getTime() + seconds * 1000) : null;
  return { ok: true, token: body.access_token, expiresAt };
}

/**
 * A short-lived user token (hours) exchanged for a long-lived one (about 60 days):
 * `grant_type=fb_exchange_token`. The same exchange of a still valid long-lived token is how
 * a connection's token is renewed; Facebook issues no refresh token.
 */
export async function longLivedGrant(settings: FacebookSettings, token: string, scopes: readonly string[]): Promise<GrantResult<OAuth2Grant>> {
  const exchanged = await userToken(settings, { grant_type: 'fb_exchange_token', fb_exchange_token: token });
  if (!exchanged.ok) return exchanged;
  return {
    ok: true,
    grant: { kind: 'oauth2', accessToken: exchanged.token, refreshToken: null, accessExpiresAt: exchanged.expiresAt, refreshExpiresAt: null, scopes },
  };
}
