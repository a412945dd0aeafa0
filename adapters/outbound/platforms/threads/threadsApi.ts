import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Answered, callPlatform, type PlatformAnswer, parseJson, urlOf } from '../kit/http';
import { META_THROTTLE_CODES, metaErrorBody } from '../kit/metaGraphError';
import { oauth2GrantFor, type TokenEndpoint } from '../kit/oauth2';
import { type ErrorMeaning, type PlatformErrors, retryAfterSeconds } from '../kit/outcomes';
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

/** 1 (unknown error, possibly temporary) and 2 (service temporarily unavailable). */
const TEMPORARY = new Set([1, 2]);

/** Meta documents no Retry-After for throttling: a quarter of an hour, unless its usage header says how long. */
const THROTTLE_SECONDS = 15 * 60;

/**
 * Meta's error codes (docs/platforms.md, Threads: errors, every call; review finding 3): 190 is a
 * dead token; 10 and 200–299 a permission not granted or since removed, which connecting again
 * grants; a code Threads refuses at the code exchange ("verification code") is spent; 4, 17, 32
 * and 613 are throttling; 1, 2 and `is_transient` are Threads' own trouble. Others go by status.
 */
function meaningOf(answer: Answered): ErrorMeaning | null {
  const error = metaErrorBody(answer.text);
  const code = error?.code ?? null;
  if (code === 190 || code === 10 || (code !== null && code >= 200 && code <= 299)) return 'reconnect';
  if (code === 100 && /verification code/i.test(error?.message ?? '')) return 'reconnect';
  if (code !== null && META_THROTTLE_CODES.has(code)) return 'throttled';
  if ((code !== null && TEMPORARY.has(code)) || error?.transient === true) return 'transient';
  return null;
}

/** Minutes until access comes back, as Graph's `X-Business-Use-Case-Usage` header gives them (`estimated_time_to_regain_access`). */
function regainSeconds(headers: Headers): number | null {
  const usage = parseJson(headers.get('x-business-use-case-usage') ?? '') as Record<string, Array<{ estimated_time_to_regain_access?: unknown }>> | null;
  const minutes = Object.values(usage ?? {})
    .flat()
    .map((entry) => entry?.estimated_time_to_regain_access)
    .filter((value): value is number => typeof value === 'number' && value > 0);
  return minutes.length > 0 ? Math.max(...minutes) * 60 : null;
}

export const THREADS_ERRORS: PlatformErrors = {
  platform: 'Threads',
  message: (answer) => {
    const error = metaErrorBody(answer.text);
    if (error?.message == null) return `Threads answered ${answer.status}`;
    return `Threads: ${error.message}${error.code !== null ? ` (code ${error.code})` : ''}`;
  },
  meaning: meaningOf,
  waitSeconds: (answer, now) => regainSeconds(answer.headers) ?? retryAfterSeconds(answer.headers, now, THROTTLE_SECONDS),
};

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
