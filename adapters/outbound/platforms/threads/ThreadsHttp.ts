import { callPlatform, parseJson } from '../shared/platformCall';
import { type ThreadsSettings } from './ThreadsOptions';

/**
 * What became of one call: Threads' answer; `notSent` when the connection was never made
 * (the request provably did not reach Threads); `noAnswer` when it may have been received.
 */
export type ThreadsAnswer =
  | { readonly kind: 'answered'; readonly status: number; readonly text: string }
  | { readonly kind: 'notSent'; readonly reason: string }
  | { readonly kind: 'noAnswer'; readonly reason: string };

/** One HTTP call with a deadline; never throws. */
function call(settings: ThreadsSettings, method: 'GET' | 'POST', url: string, form?: URLSearchParams): Promise<ThreadsAnswer> {
  const headers = form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : undefined;
  return callPlatform('Threads', settings, { method, url, headers, body: form?.toString() });
}

/** `GET {host}{path}` with the parameters in the query string (the token endpoints take no version). */
export function getThreads(settings: ThreadsSettings, path: string, params: Record<string, string>): Promise<ThreadsAnswer> {
  const url = new URL(`${settings.apiBaseUrl}${path}`);
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return call(settings, 'GET', url.toString());
}

/** `POST {host}{path}` with the parameters as a form body. */
export function postThreads(settings: ThreadsSettings, path: string, params: Record<string, string>): Promise<ThreadsAnswer> {
  return call(settings, 'POST', `${settings.apiBaseUrl}${path}`, new URLSearchParams(params));
}

/** A Graph object or edge (`/v1.0/me/threads`) read with the user's token. */
export const graphGet = (settings: ThreadsSettings, object: string, accessToken: string, params: Record<string, string> = {}) =>
  getThreads(settings, `/${settings.version}/${object}`, { ...params, access_token: accessToken });

/** A Graph edge written with the user's token. */
export const graphPost = (settings: ThreadsSettings, edge: string, accessToken: string, params: Record<string, string>) =>
  postThreads(settings, `/${settings.version}/${edge}`, { ...params, access_token: accessToken });

export { parseJson };
