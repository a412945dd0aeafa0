/**
 * What became of one call to a platform: its answer; `notSent` when the connection was never
 * made (the request provably did not reach the platform); `noAnswer` when it may have been
 * received (a timeout, a dropped connection). The difference decides retryLater against
 * outcomeUnknown (application/ports/PlatformPublisher.ts).
 */
export type PlatformAnswer =
  | { readonly kind: 'answered'; readonly status: number; readonly headers: Headers; readonly text: string }
  | { readonly kind: 'notSent'; readonly reason: string }
  | { readonly kind: 'noAnswer'; readonly reason: string };

export interface PlatformRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly headers?: Record<string, string>;
  readonly body?: string | Uint8Array | FormData;
}

/** Error codes of a connection that was never established. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code ?? (error as { code?: string } | undefined)?.code;
}

/** One HTTP call to `platform` (its name, for messages) with a deadline; never throws. */
export async function callPlatform(
  platform: string,
  settings: { readonly fetch: typeof fetch; readonly timeoutMs: number },
  request: PlatformRequest,
): Promise<PlatformAnswer> {
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
    if ((error as Error | undefined)?.name === 'TimeoutError')
      return { kind: 'noAnswer', reason: `${platform} did not answer within ${settings.timeoutMs} ms` };
    return { kind: 'noAnswer', reason: `the connection to ${host} failed${code ? ` (${code})` : ''}` };
  }
}

/** A body's JSON, or null when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
