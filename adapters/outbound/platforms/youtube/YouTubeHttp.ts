import { type YouTubeSettings } from './YouTubeOptions';

/**
 * What became of one call: Google's answer; `notSent` when the connection was never made
 * (the request provably did not reach Google); `noAnswer` when it may have been received
 * (a timeout, a dropped connection).
 */
export type GoogleAnswer =
  | { readonly kind: 'answered'; readonly status: number; readonly headers: Headers; readonly text: string }
  | { readonly kind: 'notSent'; readonly reason: string }
  | { readonly kind: 'noAnswer'; readonly reason: string };

export interface GoogleRequest {
  readonly method: 'GET' | 'POST' | 'PUT';
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array;
  /** A longer deadline than the settings' (a chunk of video takes time to send). */
  readonly timeoutMs?: number;
}

/** Error codes of a connection that was never established. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code ?? (error as { code?: string } | undefined)?.code;
}

/** One HTTP call with a deadline; never throws. */
export async function callGoogle(settings: YouTubeSettings, request: GoogleRequest): Promise<GoogleAnswer> {
  const host = new URL(request.url).host;
  const timeoutMs = request.timeoutMs ?? settings.timeoutMs;
  try {
    const response = await settings.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { kind: 'answered', status: response.status, headers: response.headers, text };
  } catch (error) {
    const code = causeCode(error);
    if (code && NEVER_CONNECTED.has(code)) return { kind: 'notSent', reason: `${host} could not be reached (${code})` };
    if ((error as Error | undefined)?.name === 'TimeoutError') return { kind: 'noAnswer', reason: `Google did not answer within ${timeoutMs} ms` };
    return { kind: 'noAnswer', reason: `the connection to ${host} failed${code ? ` (${code})` : ''}` };
  }
}

export const bearer = (accessToken: string): Record<string, string> => ({ Authorization: `Bearer ${accessToken}` });

export const JSON_BODY = { 'Content-Type': 'application/json; charset=UTF-8' };

export const FORM_BODY = { 'Content-Type': 'application/x-www-form-urlencoded' };

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
