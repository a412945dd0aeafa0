import { callPlatform, parseJson } from '../shared/platformCall';
import { type InstagramSettings } from './InstagramOptions';

/**
 * What became of one call: Instagram's answer; `notSent` when the connection was never made
 * (the request provably did not reach Instagram); `noAnswer` when it may have been received
 * (a timeout, a dropped connection).
 */
export type InstagramAnswer =
  | { readonly kind: 'answered'; readonly status: number; readonly text: string }
  | { readonly kind: 'notSent'; readonly reason: string }
  | { readonly kind: 'noAnswer'; readonly reason: string };

export interface InstagramRequest {
  readonly method: 'GET' | 'POST';
  readonly url: string;
  /** Sent in the query string, as Meta's reference shows every Graph call (access_token included). */
  readonly params: Record<string, string>;
  /** A form body instead (the code exchange). */
  readonly form?: Record<string, string>;
}

/** One HTTP call with a deadline; never throws. */
export function callInstagram(settings: InstagramSettings, request: InstagramRequest): Promise<InstagramAnswer> {
  const url = new URL(request.url);
  for (const [key, value] of Object.entries(request.params)) url.searchParams.set(key, value);
  const form = request.form ? new URLSearchParams(request.form).toString() : undefined;
  const headers = form ? { 'Content-Type': 'application/x-www-form-urlencoded' } : undefined;
  return callPlatform('Instagram', settings, { method: request.method, url: url.toString(), headers, body: form });
}

/** A versioned Graph API path (`/v23.0/me`). */
export const graphUrl = (settings: InstagramSettings, path: string): string => `${settings.apiBaseUrl}/${settings.graphVersion}/${path}`;

export { parseJson };

/** The JSON object of a 200 answer, or null. */
export function okBody(answer: InstagramAnswer): Record<string, unknown> | null {
  if (answer.kind !== 'answered' || answer.status !== 200) return null;
  const body = parseJson(answer.text);
  return body && typeof body === 'object' ? (body as Record<string, unknown>) : null;
}
