import { type PinterestSettings } from './PinterestOptions';

/**
 * What became of one call: Pinterest's answer; `notSent` when the connection was never made
 * (the request provably did not reach Pinterest); `noAnswer` when it may have been received
 * (a timeout, a dropped connection).
 */
export type PinterestAnswer =
  | { readonly kind: 'answered'; readonly status: number; readonly headers: Headers; readonly text: string }
  | { readonly kind: 'notSent'; readonly reason: string }
  | { readonly kind: 'noAnswer'; readonly reason: string };

export interface PinterestRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | AsyncIterable<Uint8Array>;
}

/** Error codes of a connection that was never established. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code ?? (error as { code?: string } | undefined)?.code;
}

/** One HTTP call with a deadline; never throws. A streamed body is sent as it is read. */
export async function callPinterest(settings: PinterestSettings, request: PinterestRequest): Promise<PinterestAnswer> {
  const host = new URL(request.url).host;
  try {
    const streamed = request.body !== undefined && typeof request.body !== 'string';
    const response = await settings.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body as RequestInit['body'],
      signal: AbortSignal.timeout(settings.timeoutMs),
      ...(streamed ? { duplex: 'half' } : {}),
    } as RequestInit);
    const text = await response.text();
    return { kind: 'answered', status: response.status, headers: response.headers, text };
  } catch (error) {
    const code = causeCode(error);
    if (code && NEVER_CONNECTED.has(code)) return { kind: 'notSent', reason: `${host} could not be reached (${code})` };
    if ((error as Error | undefined)?.name === 'TimeoutError') {
      return { kind: 'noAnswer', reason: `Pinterest did not answer within ${settings.timeoutMs} ms` };
    }
    return { kind: 'noAnswer', reason: `the connection to ${host} failed${code ? ` (${code})` : ''}` };
  }
}

export const bearer = (accessToken: string, json = false): Record<string, string> => ({
  Authorization: `Bearer ${accessToken}`,
  ...(json ? { 'Content-Type': 'application/json' } : {}),
});

/** `GET {apiBaseUrl}/v5{path}` with the owner's token. */
export const getV5 = (settings: PinterestSettings, accessToken: string, path: string) =>
  callPinterest(settings, { method: 'GET', url: `${settings.apiBaseUrl}/v5${path}`, headers: bearer(accessToken) });

/** `POST {apiBaseUrl}/v5{path}` with a JSON body and the owner's token. */
export const postV5 = (settings: PinterestSettings, accessToken: string, path: string, body: object) =>
  callPinterest(settings, { method: 'POST', url: `${settings.apiBaseUrl}/v5${path}`, headers: bearer(accessToken, true), body: JSON.stringify(body) });

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
