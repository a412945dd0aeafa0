import { callPlatform, type PlatformAnswer } from '../shared/platformCall';
import { type FarcasterSettings } from './FarcasterOptions';

export { parseJson } from '../shared/platformCall';

/** One call to Neynar's API with the app's key and a deadline; never throws. `path` as Neynar's description has it, with its trailing slash. */
export function callNeynar(settings: FarcasterSettings, method: 'GET' | 'POST', path: string, body?: unknown): Promise<PlatformAnswer> {
  const headers: Record<string, string> = { 'x-api-key': settings.apiKey, accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return callPlatform('Neynar', settings, {
    method,
    url: `${settings.apiBaseUrl}${path}`,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
