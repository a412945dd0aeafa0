import { type TikTokSettings } from './TikTokOptions';

/**
 * What became of one call: TikTok's answer; `notSent` when the connection was never made
 * (the request provably did not reach TikTok); `noAnswer` when it may have been received
 * (a timeout, a dropped connection).
 */
export type TikTokAnswer =
  | { readonly kind: 'answered'; readonly status: number; readonly headers: Headers; readonly text: string }
  | { readonly kind: 'notSent'; readonly reason: string }
  | { readonly kind: 'noAnswer'; readonly reason: string };

export interface TikTokRequest {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array;
}

/** Error codes of a connection that was never established. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code ?? (error as { code?: string } | undefined)?.code;
}

/** One HTTP call with a deadline; never throws. */
export async function callTikTok(settings: TikTokSettings, request: TikTokRequest): Promise<TikTokAnswer> {
  const host = new URL(request.url).host;
  try {
    const response = await settings.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    const text = await response.text();
    return { kind: 'answered', status: response.status, headers: response.headers, text };
  } catch (error) {
    const code = causeCode(error);
    if (code && NEVER_CONNECTED.has(code)) return { kind: 'notSent', reason: `${host} could not be reached (${code})` };
    if ((error as Error | undefined)?.name === 'TimeoutError') {
      return { kind: 'noAnswer', reason: `TikTok did not answer within ${settings.timeoutMs} ms` };
    }
    return { kind: 'noAnswer', reason: `the connection to ${host} failed${code ? ` (${code})` : ''}` };
  }
}

/** A JSON call to the Open API with the creator's token (`Bearer`, `application/json; charset=UTF-8`). */
export function callOpenApi(settings: TikTokSettings, accessToken: string, path: string, body?: object): Promise<TikTokAnswer> {
  return callTikTok(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}${path}`,
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json; charset=UTF-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The `data` object of an Open API answer whose `error.code` is `ok`; null otherwise. */
export function dataOf(answer: TikTokAnswer): Record<string, unknown> | null {
  if (answer.kind !== 'answered' || answer.status !== 200) return null;
  const body = parseJson(answer.text) as { data?: unknown; error?: { code?: unknown } } | null;
  if (body?.error?.code !== 'ok' || typeof body.data !== 'object' || body.data === null) return null;
  return body.data as Record<string, unknown>;
}
