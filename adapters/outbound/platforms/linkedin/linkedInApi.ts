import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type PublishingAccount } from '../../../../application/ports/platforms/PublishingAccount';
import { type Answered, bearer, callPlatform, type PlatformAnswer, type PlatformRequest, parseJson } from '../kit/http';
import { oauth2GrantFor, type TokenEndpoint } from '../kit/oauth2';
import { type PlatformErrors, RETRY_SECONDS, retryAfterSeconds } from '../kit/outcomes';
import { type ConnectorOptions, type ConnectorSettings, connectorSettings } from '../kit/settings';

export interface LinkedInOptions extends ConnectorOptions {
  /** The `LinkedIn-Version` header (YYYYMM); LinkedIn supports each monthly version for about a year. */
  readonly version?: string;
  /** Also ask for the organization scopes (Community Management API, granted by LinkedIn's review). */
  readonly organizations?: boolean;
  /** How long to wait before the one retry of a call LinkedIn refused with a 401. */
  readonly unauthorizedRetryDelayMs?: number;
  /**
   * Seconds before asking again whether LinkedIn has processed an uploaded video: the publish
   * call answers `processing` and the engine calls back after this delay (never a sleep here).
   */
  readonly videoCheckSeconds?: number;
}

export interface LinkedInSettings extends ConnectorSettings {
  readonly version: string;
  readonly organizations: boolean;
  readonly unauthorizedRetryDelayMs: number;
  readonly videoCheckSeconds: number;
}

/** REST and v2 APIs on api.linkedin.com; consent and tokens on www.linkedin.com. */
export const linkedInSettings = (options: LinkedInOptions): LinkedInSettings => ({
  ...connectorSettings(options, { api: 'https://api.linkedin.com', auth: 'https://www.linkedin.com' }),
  version: options.version ?? '202605',
  organizations: options.organizations ?? false,
  unauthorizedRetryDelayMs: options.unauthorizedRetryDelayMs ?? 5_000,
  videoCheckSeconds: options.videoCheckSeconds ?? 60,
});

export const callLinkedIn = (settings: LinkedInSettings, request: PlatformRequest): Promise<PlatformAnswer> => callPlatform('LinkedIn', settings, request);

/** The headers every versioned REST call carries. */
export const restHeaders = (settings: LinkedInSettings, accessToken: string, json: boolean): Record<string, string> => ({
  ...bearer(accessToken),
  'LinkedIn-Version': settings.version,
  'X-Restli-Protocol-Version': '2.0.0',
  ...(json ? { 'Content-Type': 'application/json' } : {}),
});

/**
 * A call with the member's token, repeated once after a pause when LinkedIn answers 401:
 * LinkedIn is known to refuse a freshly issued token for a few seconds. A 401 means nothing
 * was done, so the repeat cannot duplicate anything.
 */
export async function callWithToken(settings: LinkedInSettings, request: PlatformRequest): Promise<PlatformAnswer> {
  const first = await callLinkedIn(settings, request);
  if (first.kind !== 'answered' || first.status !== 401) return first;
  await new Promise((resolve) => setTimeout(resolve, settings.unauthorizedRetryDelayMs));
  return callLinkedIn(settings, request);
}

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('LinkedIn', grant);

/** LinkedIn's error body `{status, serviceErrorCode, code, message}` (or an OAuth error), as one line. */
function linkedInMessage(answer: Answered): string {
  const body = parseJson(answer.text) as { message?: unknown; code?: unknown; error_description?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : typeof body?.error_description === 'string' ? body.error_description : null;
  const code = typeof body?.code === 'string' ? ` (${body.code})` : '';
  return message ? `LinkedIn: ${message}${code}` : `LinkedIn answered ${answer.status}`;
}

/** Seconds until the next 00:00 UTC, when LinkedIn's daily limits start again. */
export const secondsUntilMidnightUtc = (now: Date): number =>
  Math.ceil((Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1) - now.getTime()) / 1000);

/**
 * LinkedIn's limits are daily, per application and per member, and start again at midnight UTC;
 * it documents no Retry-After (docs/platforms.md, LinkedIn review finding 1). A 429 naming a
 * DAY limit waits until then; any other (the occasional infrastructure 429) waits its Retry-After,
 * or a minute. A 403 is a permission the grant lacks or lost (a removed organization role, a
 * scope not granted): connecting again, or choosing another author, is what helps (finding 4).
 */
export const LINKEDIN_ERRORS: PlatformErrors = {
  platform: 'LinkedIn',
  message: linkedInMessage,
  meaning: (answer) => (answer.status === 403 ? 'reconnect' : null),
  waitSeconds: (answer, now) => {
    if (answer.headers.has('retry-after')) return retryAfterSeconds(answer.headers, now, RETRY_SECONDS);
    return /\bDAY limit\b/i.test(linkedInMessage(answer)) ? secondsUntilMidnightUtc(now) : RETRY_SECONDS;
  },
};

/**
 * The token and revoke endpoints (the client's id and secret in the form). LinkedIn's `scope`
 * is comma separated; a refresh token keeps its fixed lifetime (`refresh_token_expires_in`
 * counts what is left). LinkedIn also answers `invalid_request` for a refresh token or code that
 * expired or was revoked: a dead grant, like `invalid_grant`.
 */
export const tokenEndpointOf = (settings: LinkedInSettings): TokenEndpoint => ({
  errors: LINKEDIN_ERRORS,
  url: `${settings.authBaseUrl}/oauth/v2/accessToken`,
  revokeUrl: `${settings.authBaseUrl}/oauth/v2/revoke`,
  clientId: settings.clientId,
  clientSecret: settings.clientSecret,
  clientAuth: 'body',
  // LinkedIn's revoke endpoint takes the client and the access token, nothing more.
  revokes: 'access',
  scopeSeparator: /[\s,]+/,
  refreshExpiresInField: 'refresh_token_expires_in',
  deadGrant: (error, description) =>
    error === 'invalid_request' && /refresh token|authorization code/i.test(description) && /expired|revoked|invalid/i.test(description),
});

export const personUrn = (memberId: string): string => `urn:li:person:${memberId}`;
export const organizationUrn = (organizationId: string): string => `urn:li:organization:${organizationId}`;

/** Who the account publishes as: the organization its owner picked, or its member; null where the member is not known. */
export function authorUrnOf(account: PublishingAccount | undefined): string | null {
  if (account?.publishAs?.kind === 'organization') return organizationUrn(account.publishAs.id);
  return account?.accountId == null ? null : personUrn(account.accountId);
}

/**
 * A comment's id as this connector records it: LinkedIn's comment URN form
 * `urn:li:comment:({postUrn},{commentId})`, which names the post it is on.
 */
export const commentUrn = (postUrn: string, commentId: string): string => `urn:li:comment:(${postUrn},${commentId})`;

/**
 * The post a segment's comment goes on. Later segments are comments on the first segment's
 * post, while the engine hands over the id of the segment just before: a post URN for the
 * second segment, a comment URN (which names its post) for the ones after.
 */
export function rootPostUrn(previousId: string): string {
  const comment = /^urn:li:comment:\((.+),[^,()]+\)$/.exec(previousId);
  return comment ? comment[1] : previousId;
}

export const postUrl = (postUrn: string): string => `https://www.linkedin.com/feed/update/${postUrn}`;

export const commentUrl = (postUrn: string, comment: string): string => `${postUrl(postUrn)}?commentUrn=${encodeURIComponent(comment)}`;
