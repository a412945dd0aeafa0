import { callPlatform, type PlatformRequest, parseJson } from '../shared/platformCall';
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

function call(settings: FacebookSettings, request: PlatformRequest): Promise<GraphAnswer> {
  return callPlatform('Facebook', settings, request);
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** `GET {api}{path}?{query}` with a token (Bearer, kept out of URLs and logs); never throws. */
export function graphGet(settings: FacebookSettings, path: string, token: string | null, query: Record<string, string> = {}): Promise<GraphAnswer> {
  const url = new URL(`${settings.apiBaseUrl}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return call(settings, { method: 'GET', url: url.toString(), headers: token ? bearer(token) : {} });
}

/** `POST {api}{path}` with a JSON body and a token; never throws. */
export function graphPost(settings: FacebookSettings, path: string, token: string, body: object): Promise<GraphAnswer> {
  const headers = { ...bearer(token), 'Content-Type': 'application/json' };
  return call(settings, { method: 'POST', url: `${settings.apiBaseUrl}${path}`, headers, body: JSON.stringify(body) });
}

export { parseJson };

/** The JSON object of a 200 answer, or null. */
export function okBody<T>(answer: GraphAnswer): T | null {
  if (answer.kind !== 'answered' || answer.status !== 200) return null;
  const body = parseJson(answer.text);
  return body !== null && typeof body === 'object' ? (body as T) : null;
}

/** `DELETE {api}{path}` with a token; never throws. */
export function graphDelete(settings: FacebookSettings, path: string, token: string): Promise<GraphAnswer> {
  return call(settings, { method: 'DELETE', url: `${settings.apiBaseUrl}${path}`, headers: bearer(token) });
}
