import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { bearer, bearerJson, callPlatform, okJson, type PlatformAnswer, urlOf } from '../kit/http';
import { metaErrorOf, metaGrantFailure, metaGraphErrors } from '../kit/metaGraph';
import { oauth2GrantFor, secondsAfter } from '../kit/oauth2';
import { meaningOf, RETRY_SECONDS, waitSeconds } from '../kit/outcomes';
import { type ConnectorOptions, type ConnectorSettings, connectorSettings } from '../kit/settings';

/** Graph API versions live about two years; this one is current as of docs/platforms.md. */
export const GRAPH_VERSION = 'v25.0';

/** The versioned Graph API (`https://graph.facebook.com/v25.0`) and Login dialog host (`https://www.facebook.com/v25.0`); tests point them at a local fake. */
export type FacebookOptions = ConnectorOptions;

export type FacebookSettings = ConnectorSettings;

export const facebookSettings = (options: FacebookOptions): FacebookSettings =>
  connectorSettings(options, { api: `https://graph.facebook.com/${GRAPH_VERSION}`, auth: `https://www.facebook.com/${GRAPH_VERSION}` });

/** Meta's Graph errors (kit/metaGraph.ts); a throttle without a usage header waits a quarter of Meta's rolling hour (docs/platforms.md). */
export const FACEBOOK_ERRORS = metaGraphErrors({ platform: 'Facebook', throttleSeconds: 15 * 60 });

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('Facebook', grant);

/** A throttle's wait (the usage header's time, else a quarter of an hour); null for any other failure. */
export function throttleWait(answer: PlatformAnswer, now: Date): number | null {
  return answer.kind === 'answered' && meaningOf(answer, FACEBOOK_ERRORS) === 'throttled' ? waitSeconds(answer, FACEBOOK_ERRORS, now) : null;
}

/** Meta's "object does not exist" (100/33): asked of the Page's own post, the post is gone. */
export function objectGone(answer: PlatformAnswer): boolean {
  const error = answer.kind === 'answered' ? metaErrorOf(answer.text) : null;
  return error?.code === 100 && error.subcode === 33;
}

/** `GET {api}{path}?{query}`, the token as a Bearer header (kept out of URLs and logs); never throws. */
export function graphGet(settings: FacebookSettings, path: string, token: string | null, query: Record<string, string | number> = {}): Promise<PlatformAnswer> {
  const url = urlOf(settings.apiBaseUrl, path, query);
  return callPlatform('Facebook', settings, { method: 'GET', url, headers: token === null ? {} : bearer(token) });
}

/** `POST {api}{path}` with a JSON body; never throws. */
export function graphPost(settings: FacebookSettings, path: string, token: string, body: object): Promise<PlatformAnswer> {
  return callPlatform('Facebook', settings, { method: 'POST', url: `${settings.apiBaseUrl}${path}`, headers: bearerJson(token), body: JSON.stringify(body) });
}

export function graphDelete(settings: FacebookSettings, path: string, token: string): Promise<PlatformAnswer> {
  return callPlatform('Facebook', settings, { method: 'DELETE', url: `${settings.apiBaseUrl}${path}`, headers: bearer(token) });
}

/** The answer's `id`, where it names one. */
export const idIn = (answer: PlatformAnswer): string | null => {
  const id = okJson(answer)?.id;
  return typeof id === 'string' ? id : null;
};

type UserToken = { readonly ok: true; readonly token: string; readonly expiresAt: Date | null } | Extract<GrantResult<never>, { ok: false }>;

/** `GET /oauth/access_token` with the app's id and secret and `query`: a user access token and its `expires_in`. */
export async function userToken(settings: FacebookSettings, query: Record<string, string>): Promise<UserToken> {
  const params = { client_id: settings.clientId, client_secret: settings.clientSecret, ...query };
  const answer = await graphGet(settings, '/oauth/access_token', null, params);
  const body = okJson(answer);
  if (body === null) return { ok: false, failure: metaGrantFailure(answer, FACEBOOK_ERRORS, settings.now()) };
  if (typeof body.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: 'Facebook answered without an access token', afterSeconds: RETRY_SECONDS } };
  }
  return { ok: true, token: body.access_token, expiresAt: secondsAfter(settings.now(), body.expires_in) };
}

/**
 * The short-lived user token (hours) a code gives, exchanged for a long-lived one (about 60
 * days) with `grant_type=fb_exchange_token`, as the page documents it; Facebook issues no
 * refresh token (https://developers.facebook.com/docs/facebook-login/guides/access-tokens/get-long-lived).
 */
export async function longLivedGrant(settings: FacebookSettings, shortLived: string, scopes: readonly string[]): Promise<GrantResult<OAuth2Grant>> {
  const exchanged = await userToken(settings, { grant_type: 'fb_exchange_token', fb_exchange_token: shortLived });
  if (!exchanged.ok) return exchanged;
  return {
    ok: true,
    grant: { kind: 'oauth2', accessToken: exchanged.token, refreshToken: null, accessExpiresAt: exchanged.expiresAt, refreshExpiresAt: null, scopes },
  };
}
