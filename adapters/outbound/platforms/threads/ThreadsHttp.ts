import { type ThreadsSettings } from './ThreadsOptions';

/**
 * What became of one call: Threads' answer; `notSent` when the connection was never made
 * (the request provably did not reach Threads); `noAnswer` when it may have been received.
 */
export type ThreadsAnswer =
  | { readonly kind: 'answered'; readonly status: number; readonly text: string }
  | { readonly kind: 'notSent'; readonly reason: string }
  | { readonly kind: 'noAnswer'; readonly reason: string };

/** Error codes of a connection that was never established. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code ?? (error as { code?: string } | undefined)?.code;
}

/** One HTTP call with a deadline; never throws. */
async function call(settings: ThreadsSettings, method: 'GET' | 'POST', url: string, form?: URLSearchParams): Promise<ThreadsAnswer> {
  const host = new URL(url).host;
  try {
    const response = await settings.fetch(url, {
      method,
      headers: form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : undefined,
      body: form?.toString(),
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    return { kind: 'answered', status: response.status, text: await response.text() };
  } catch (error) {
    const code = causeCode(error);
    if (code && NEVER_CONNECTED.has(code)) return { kind: 'notSent', reason: `${host} could not be reached (${code})` };
    if ((error as Error | undefined)?.name === 'TimeoutError') {
      return { kind: 'noAnswer', reason: `Threads did not answer within ${settings.timeoutMs} ms` };
    }
    return { kind: 'noAnswer', reason: `the connection to ${host} failed${code ? ` (${code})` : ''}` };
  }
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

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
