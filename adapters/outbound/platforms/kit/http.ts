import { Readable } from 'node:stream';

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

export type Answered = Extract<PlatformAnswer, { kind: 'answered' }>;

export interface PlatformRequest {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  readonly url: string;
  readonly headers?: Record<string, string>;
  /** A stream is sent as it is read, never held whole. */
  readonly body?: string | Uint8Array | FormData | Readable;
  /** A longer deadline than the settings' (a chunk of video takes time to send: `deadlineFor`). */
  readonly timeoutMs?: number;
}

export interface HttpSettings {
  readonly fetch: typeof fetch;
  readonly timeoutMs: number;
}

/** Error codes of a connection that was never established. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code ?? (error as { code?: string } | undefined)?.code;
}

/** One HTTP call to `platform` (its name, for messages) within `timeoutMs`, the answer read whole; never throws. */
export async function callPlatform(platform: string, settings: HttpSettings, request: PlatformRequest): Promise<PlatformAnswer> {
  const host = new URL(request.url).host;
  const streamed = request.body instanceof Readable;
  const timeoutMs = request.timeoutMs ?? settings.timeoutMs;
  try {
    const response = await settings.fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: streamed ? (Readable.toWeb(request.body as Readable) as ReadableStream) : (request.body as string | Uint8Array | FormData | undefined),
      signal: AbortSignal.timeout(timeoutMs),
      // A streamed body goes out as it is read (fetch's half-duplex mode).
      ...(streamed ? { duplex: 'half' } : {}),
    } as RequestInit);
    const text = await response.text();
    return { kind: 'answered', status: response.status, headers: response.headers, text };
  } catch (error) {
    const code = causeCode(error);
    if (code && NEVER_CONNECTED.has(code)) return { kind: 'notSent', reason: `${host} could not be reached (${code})` };
    if ((error as Error | undefined)?.name === 'TimeoutError') return { kind: 'noAnswer', reason: `${platform} did not answer within ${timeoutMs} ms` };
    return { kind: 'noAnswer', reason: `the connection to ${host} failed${code ? ` (${code})` : ''}` };
  }
}

/** The deadline of a request sending `bytes`: the usual one, plus a second per 128 KiB (a link of at least 1 Mbit/s). */
export const deadlineFor = (settings: HttpSettings, bytes: number): number => settings.timeoutMs + Math.ceil(bytes / (128 * 1024)) * 1000;

/** A body's JSON, or null when it is not JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The JSON object of a 2xx answer, or null (another status, not an object). */
export function okJson(answer: PlatformAnswer): Record<string, unknown> | null {
  if (answer.kind !== 'answered' || answer.status < 200 || answer.status > 299) return null;
  const body = parseJson(answer.text);
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
}

export const bearer = (accessToken: string): Record<string, string> => ({ Authorization: `Bearer ${accessToken}` });

export const bearerJson = (accessToken: string): Record<string, string> => ({ ...bearer(accessToken), 'Content-Type': 'application/json' });

/** `base` + `path` with the query's defined values. */
export function urlOf(base: string, path: string, query: Record<string, string | number | boolean | undefined> = {}): string {
  const url = new URL(`${base}${path}`);
  for (const [name, value] of Object.entries(query)) if (value !== undefined) url.searchParams.set(name, String(value));
  return url.toString();
}
