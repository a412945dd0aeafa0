import { callPlatform, type PlatformAnswer, type PlatformRequest } from '../shared/platformCall';
import { type TwitterSettings } from './TwitterOptions';

export type TwitterAnswer = PlatformAnswer;
export type TwitterRequest = PlatformRequest;

/** One HTTP call to X with a deadline; never throws. */
export const callX = (settings: TwitterSettings, request: TwitterRequest): Promise<TwitterAnswer> => callPlatform('X', settings, request);

export const bearer = (accessToken: string): Record<string, string> => ({ Authorization: `Bearer ${accessToken}` });

export const bearerJson = (accessToken: string): Record<string, string> => ({ ...bearer(accessToken), 'Content-Type': 'application/json' });

export { parseJson } from '../shared/platformCall';
