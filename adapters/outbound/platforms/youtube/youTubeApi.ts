import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Answered, callPlatform, type PlatformAnswer, type PlatformRequest, parseJson } from '../kit/http';
import { oauth2GrantFor, type TokenEndpoint } from '../kit/oauth2';
import { type PlatformErrors, RETRY_SECONDS, retryAfterSeconds } from '../kit/outcomes';
import { type ConnectorOptions, type ConnectorSettings, connectorSettings } from '../kit/settings';

export interface YouTubeOptions extends ConnectorOptions {
  /** Bytes per upload request: a multiple of 256 KiB, as the resumable protocol requires. */
  readonly chunkBytes?: number;
}

export interface YouTubeSettings extends ConnectorSettings {
  readonly chunkBytes: number;
}

export const CHUNK_UNIT_BYTES = 256 * 1024;

/** Google's own addresses: the Data API and its upload endpoint, the consent screen, the token and revocation endpoints. */
export function youTubeSettings(options: YouTubeOptions): YouTubeSettings {
  const chunkBytes = options.chunkBytes ?? 32 * CHUNK_UNIT_BYTES;
  if (chunkBytes <= 0 || chunkBytes % CHUNK_UNIT_BYTES !== 0) throw new Error(`YouTube upload chunks must be a multiple of 256 KiB, not ${chunkBytes}`);
  const addresses = { api: 'https://www.googleapis.com', auth: 'https://accounts.google.com', token: 'https://oauth2.googleapis.com' };
  return { ...connectorSettings(options, addresses), chunkBytes };
}

interface GoogleErrorBody {
  error?: { message?: unknown; errors?: Array<{ reason?: unknown }> } | string;
  error_description?: unknown;
}

/** The first `reason` of Google's error body `{error: {code, message, errors: [{reason, domain, message}]}}`. */
export function googleReason(text: string): string | null {
  const error = (parseJson(text) as GoogleErrorBody | null)?.error;
  const reason = typeof error === 'object' ? error?.errors?.[0]?.reason : undefined;
  return typeof reason === 'string' ? reason : null;
}

/** Google's error (the API's error object, or an OAuth error of the token endpoint), as one line. */
function googleMessage(answer: Answered): string {
  const body = parseJson(answer.text) as GoogleErrorBody | null;
  const error = body?.error;
  if (typeof error === 'object' && typeof error?.message === 'string') {
    const reason = googleReason(answer.text);
    return `YouTube: ${error.message}${reason ? ` (${reason})` : ''}`;
  }
  if (typeof error === 'string') return `Google: ${typeof body?.error_description === 'string' ? body.error_description : error} (${error})`;
  return `YouTube answered ${answer.status}`;
}

/** Seconds until a minute past the next midnight in Los Angeles, when YouTube's daily quota resets. */
export function secondsUntilQuotaReset(now: Date): number {
  const format = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hourCycle: 'h23', hour: 'numeric', minute: 'numeric', second: 'numeric' });
  const parts = Object.fromEntries(format.formatToParts(now).map((part) => [part.type, Number(part.value)]));
  const elapsed = (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0);
  return 24 * 3600 - elapsed + 60;
}

const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded']);
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/**
 * Google's errors by their `reason` as well as their status (a 403 may be a rate limit): the
 * project's daily quota waits for its reset at Pacific midnight, the channel's own upload cap
 * a day, a rate limit its `Retry-After`; none of them is the user's fault.
 */
export const YOUTUBE_ERRORS: PlatformErrors = {
  platform: 'YouTube',
  message: googleMessage,
  meaning: (answer) => {
    const reason = googleReason(answer.text);
    return reason !== null && (QUOTA_REASONS.has(reason) || RATE_REASONS.has(reason) || reason === 'uploadLimitExceeded') ? 'throttled' : null;
  },
  waitSeconds: (answer, now) => {
    const reason = googleReason(answer.text);
    if (reason !== null && QUOTA_REASONS.has(reason)) return secondsUntilQuotaReset(now);
    if (reason === 'uploadLimitExceeded') return 24 * 3600;
    return retryAfterSeconds(answer.headers, now, RETRY_SECONDS);
  },
};

export const callYouTube = (settings: YouTubeSettings, request: PlatformRequest): Promise<PlatformAnswer> => callPlatform('YouTube', settings, request);

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('YouTube', grant);

/**
 * Google's token and revocation endpoints, the client in the form. Google sends no new refresh
 * token on a refresh (the one kept stays good); `refresh_token_expires_in` comes only with
 * time-limited access. Revoking the refresh token ends the whole grant, its access tokens too.
 * `invalid_grant` is a revoked refresh token, one unused for six months, one that expired after
 * 7 days while the app is in "Testing", or a bad code or verifier: the owner connects again.
 */
export const tokenEndpointOf = (settings: YouTubeSettings): TokenEndpoint => ({
  errors: YOUTUBE_ERRORS,
  url: `${settings.tokenBaseUrl}/token`,
  revokeUrl: `${settings.tokenBaseUrl}/revoke`,
  revokes: 'grant',
  clientId: settings.clientId,
  clientSecret: settings.clientSecret,
  clientAuth: 'body',
  scopeSeparator: /\s+/,
  refreshExpiresInField: 'refresh_token_expires_in',
});

/**
 * How this connector names what it publishes: a video by YouTube's video id; a comment as
 * `{videoId}/{commentThreadId}`, which names the video it is on (video ids never hold a `/`).
 */
export const commentPostId = (videoId: string, threadId: string): string => `${videoId}/${threadId}`;

/** The video a later segment comments on, from the id of the segment before it (the video, or a comment on it). */
export const videoIdOf = (previousId: string): string => previousId.split('/')[0] ?? previousId;

export const videoUrl = (videoId: string): string => `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;

export const commentUrl = (videoId: string, threadId: string): string => `${videoUrl(videoId)}&lc=${encodeURIComponent(threadId)}`;
