import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { callPlatform, type PlatformAnswer, parseJson, urlOf } from '../kit/http';
import { metaGraphErrors } from '../kit/metaGraph';
import { oauth2GrantFor, type TokenEndpoint } from '../kit/oauth2';
import { type ConnectorOptions, type ConnectorSettings, connectorSettings } from '../kit/settings';

export type ThreadsOptions = ConnectorOptions;

export interface ThreadsSettings extends ConnectorSettings {
  /** The Graph API version in front of every object path. */
  readonly version: string;
}

/** Threads' Graph host serves the API and the token endpoints; the owner consents on threads.net. */
export const threadsSettings = (options: ThreadsOptions): ThreadsSettings => ({
  ...connectorSettings(options, { api: 'https://graph.threads.net', auth: 'https://threads.net' }),
  version: 'v1.0',
});

/** Threads takes its parameters in the query (GET) or as a form (POST), the user's token among them as `access_token`. */
export function callThreads(settings: ThreadsSettings, method: 'GET' | 'POST', path: string, params: Record<string, string>): Promise<PlatformAnswer> {
  if (method === 'GET') return callPlatform('Threads', settings, { method, url: urlOf(settings.apiBaseUrl, path, params) });
  const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
  return callPlatform('Threads', settings, { method, url: `${settings.apiBaseUrl}${path}`, headers, body: new URLSearchParams(params).toString() });
}

/** A Graph object or edge (`/v1.0/me/threads`) read with the user's token. */
export const graphGet = (settings: ThreadsSettings, object: string, accessToken: string, params: Record<string, string> = {}) =>
  callThreads(settings, 'GET', `/${settings.version}/${object}`, { ...params, access_token: accessToken });

/** A Graph edge written with the user's token. */
export const graphPost = (settings: ThreadsSettings, edge: string, accessToken: string, params: Record<string, string>) =>
  callThreads(settings, 'POST', `/${settings.version}/${edge}`, { ...params, access_token: accessToken });

/** The JSON object of a 200, or null. */
export const graphJson = (answer: PlatformAnswer): Record<string, unknown> | null =>
  answer.kind === 'answered' && answer.status === 200 ? (parseJson(answer.text) as Record<string, unknown> | null) : null;

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('Threads', grant);

/**
 * Meta's Graph errors, read by the kit's one classifier for Meta (docs/platforms.md, Threads:
 * errors, every call; review finding 3): a dead token (190) or a permission not granted or since
 * removed (10, 200–299) asks for the account again; throttles wait what Graph's usage header
 * says, else a quarter of an hour (Meta sends no Retry-After); Threads' own trouble is transient.
 */
export const THREADS_ERRORS = metaGraphErrors({ platform: 'Threads', throttleSeconds: 15 * 60 });

/**
 * The code exchange (`POST /oauth/access_token`, the app's id and secret in the form). Threads
 * answers with a short-lived token and no scope: the grant keeps the scopes asked for.
 */
export const tokenEndpointOf = (settings: ThreadsSettings): TokenEndpoint => ({
  errors: THREADS_ERRORS,
  url: `${settings.tokenBaseUrl}/oauth/access_token`,
  clientId: settings.clientId,
  clientSecret: settings.clientSecret,
  clientAuth: 'body',
  scopeSeparator: /,/,
});
