import { type FacebookSettings } from './FacebookOptions';

/**
 * What became of one Graph API call: Meta's answer; `notSent` when the connection was never
 * made (the request provably did not reach Meta); `noAnswer` when it may have been received
 * (a timeout, a dropped connection).
 */
export type GraphAnswer =
  | { readonly kind: 'answered'; readonly status: number; readonly text: string }
  | { readonly kind: 'notSent'; readonly reason: string }
  | { readonly kind: 'noAnswer'; readonly reason: string };

/** Error codes of a connection that was never established. */
const NEVER_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

function causeCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return cause?.code ?? (error as { code?: string } | undefined)?.code;
}

async function call(settings: FacebookSettings, url: string, init: RequestInit): Promise<GraphAnswer> {
  const host = new URL(url).host;
  try {
    const response = await settings.fetch(url, { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });
    return { kind: 'answered', status: response.status, text: await response.text() };
  } catch (error) {
    const code = causeCode(error);
    if (code && NEVER_CONNECTED.has(code)) return { kind: 'notSent', reason: `${host} could not be reached (${code})` };
    if ((error as Error | undefined)?.name === 'TimeoutError') return { kind: 'noAnswer', reason: `Facebook did not answer within ${settings.timeoutMs} ms` };
    return { kind: 'noAnswer', reason: `the connection to ${host} failed${code ? ` (${code})` : ''}` };
  }
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** `GET {api}{path}?{query}` with a token (Bearer, kept out of URLs and logs); never throws. */
export function graphGet(settings: FacebookSettings, path: string, token: string | null, query: Record<string, string> = {}): Promise<GraphAnswer> {
  const url = new URL(`${settings.apiBaseUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return call(settings, url.toString(), { method: 'GET', headers: token ? bearer(token) : {} });
}

/** `POST {api}{path}` with a JSON body and a token; never throws. */
export function graphPost(settings: FacebookSettings, path: string, token: string, body: object): Promise<GraphAnswer> {
  const headers = { ...bearer(token), 'Content-Type': 'application/json' };
  return call(settings, `${settings.apiBaseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
}

export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The JSON object of a 200 answer, or null. */
export function okBody<T>(answer: GraphAnswer): T | null {
  if (answer.kind !== 'answered' || answer.status !== 200) return null;
  const body = parseJson(answer.text);
  return body !== null && typeof body === 'object' ? (body as T) : null;
}

/** `DELETE {api}{path}` with a token; never throws. */
export function graphDelete(settings: FacebookSettings, path: string, token: string): Promise<GraphAnswer> {
  return call(settings, `${settings.apiBaseUrl}${path}`, { method: 'DELETE', headers: bearer(token) });
}
