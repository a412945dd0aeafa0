import { type LinkedInSettings } from './LinkedInOptions';

/**
 * What became of one call: LinkedIn's answer; `notSent` when the connection was never made
 * (the request provably did not reach LinkedIn); `noAnswer` when it may have been received
 * (a timeout, a dropped connection).
 */
export type LinkedInAnswer =
  | { readonly kind: 'answered'; readonly status: number; readonly headers: Headers; readonly text: string }
  | { readonly kind: 'notSent'; readonly reason: string }
  | { readonly kind: 'noAnswer'; readonly reason: string };

export interface LinkedInRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
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
export async function callLinkedIn(settings: LinkedInSettings, request: LinkedInRequest): Promise<LinkedInAnswer> {
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
      return { kind: 'noAnswer', reason: `LinkedIn did not answer within ${settings.timeoutMs} ms` };
    }
    return { kind: 'noAnswer', reason: `the connection to ${host} failed${code ? ` (${code})` : ''}` };
  }
}

/** The headers every versioned REST call carries. */
export function restHeaders(settings: LinkedInSettings, accessToken: string, json: boolean): Record<string, string> {
  return {
    Authorization: `Bearer ${accessToken}`,
    'LinkedIn-Version': settings.version,
    'X-Restli-Protocol-Version': '2.0.0',
    ...(json ? { 'Content-Type': 'application/json' } : {}),
  };
}

/**
 * A call with the member's token, repeated once after a pause when LinkedIn answers 401:
 * LinkedIn is known to refuse a freshly issued token for a few seconds. A 401 means nothing
 * was done, so the repeat cannot duplicate anything.
 */
export async function callWithToken(settings: LinkedInSettings, request: LinkedInRequest): Promise<LinkedInAnswer> {
  const first = await callLinkedIn(settings, request);
  if (first.kind !== 'answered' || first.status !== 401) return first;
  await new Promise((resolve) => setTimeout(resolve, settings.unauthorizedRetryDelayMs));
  return callLinkedIn(settings, request);
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
