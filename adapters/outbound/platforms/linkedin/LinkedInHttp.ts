import { callPlatform, type PlatformAnswer, type PlatformRequest } from '../shared/platformCall';
import { type LinkedInSettings } from './LinkedInOptions';

export type LinkedInAnswer = PlatformAnswer;
export type LinkedInRequest = PlatformRequest;

/** One HTTP call to LinkedIn with a deadline; never throws. */
export const callLinkedIn = (settings: LinkedInSettings, request: LinkedInRequest): Promise<LinkedInAnswer> => callPlatform('LinkedIn', settings, request);

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

export { parseJson } from '../shared/platformCall';
