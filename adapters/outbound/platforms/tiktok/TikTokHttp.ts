import { callPlatform, type PlatformAnswer, type PlatformRequest, parseJson } from '../shared/platformCall';
import { type TikTokSettings } from './TikTokOptions';

export type TikTokAnswer = PlatformAnswer;
export type TikTokRequest = PlatformRequest;

/** One HTTP call to TikTok with a deadline; never throws. */
export const callTikTok = (settings: TikTokSettings, request: TikTokRequest): Promise<TikTokAnswer> => callPlatform('TikTok', settings, request);

/** A JSON call to the Open API with the creator's token (`Bearer`, `application/json; charset=UTF-8`). */
export function callOpenApi(settings: TikTokSettings, accessToken: string, path: string, body?: object): Promise<TikTokAnswer> {
  return callTikTok(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}${path}`,
    headers: { Authorization: `Bearer ${accessToken}`, 'Content-Type': 'application/json; charset=UTF-8' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** The `data` object of an Open API answer whose `error.code` is `ok`; null otherwise. */
export function dataOf(answer: TikTokAnswer): Record<string, unknown> | null {
  if (answer.kind !== 'answered' || answer.status !== 200) return null;
  const body = parseJson(answer.text) as { data?: unknown; error?: { code?: unknown } } | null;
  if (body?.error?.code !== 'ok' || typeof body.data !== 'object' || body.data === null) return null;
  return body.data as Record<string, unknown>;
}

export { parseJson } from '../shared/platformCall';
