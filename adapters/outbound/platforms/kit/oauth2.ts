import { type GrantFailure, type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type TokenUpkeep } from '../../../../application/ports/platforms/PlatformConnector';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Answered, callPlatform, type HttpSettings, type PlatformAnswer, parseJson } from './http';
import { type PlatformErrors, RETRY_SECONDS, waitSeconds } from './outcomes';

/** A platform's OAuth 2.0 token endpoint and how its answers read. */
export interface TokenEndpoint {
  readonly errors: PlatformErrors;
  readonly url: string;
  readonly revokeUrl?: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Basic: the client's id and secret in `Authorization` (RFC 6749 2.3.1); body: as form fields. */
  readonly clientAuth: 'basic' | 'body';
  /** The form field naming the client in the body, where the platform does not call it `client_id` (TikTok: `client_key`). */
  readonly clientIdField?: string;
  /**
   * What revocation is sent: each token in turn, the refresh token first (`each`, the default);
   * the grant's one token, its refresh token where it has one (`grant`: Google ends the whole
   * grant with either); or the access token alone (`access`: TikTok revokes what its page names).
   */
  readonly revokes?: 'each' | 'grant' | 'access';
  /** What stands between the scopes of the answer's `scope`. */
  readonly scopeSeparator: RegExp;
  /** The answer's field giving the refresh token's lifetime in seconds, where the platform gives one. */
  readonly refreshExpiresInField?: string;
  /** A refusal that means the grant is dead beyond `invalid_grant` (a platform's own wording, in the RFC 6749 fields or its own body). */
  readonly deadGrant?: (error: string | null, description: string, answer: Answered) => boolean;
}

/** A form POST to the token (or revoke) endpoint, the client authenticated as the platform asks. */
export function postTokenForm(http: HttpSettings, endpoint: TokenEndpoint, form: Record<string, string>, url = endpoint.url): Promise<PlatformAnswer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded' };
  const fields = { ...form };
  if (endpoint.clientAuth === 'basic') {
    const credentials = `${encodeURIComponent(endpoint.clientId)}:${encodeURIComponent(endpoint.clientSecret)}`;
    headers.Authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  } else {
    fields[endpoint.clientIdField ?? 'client_id'] = endpoint.clientId;
    fields.client_secret = endpoint.clientSecret;
  }
  return callPlatform(endpoint.errors.platform, http, { method: 'POST', url, headers, body: new URLSearchParams(fields).toString() });
}

/**
 * The grant in a token answer (a code exchange or a refresh), or why there is none. Without a
 * new refresh token, `previous`'s is kept with its expiry; without scopes, `previous`'s.
 */
export function grantFromTokenAnswer(answer: PlatformAnswer, now: Date, previous: OAuth2Grant | null, endpoint: TokenEndpoint): GrantResult<OAuth2Grant> {
  if (answer.kind !== 'answered') return { ok: false, failure: { kind: 'retryLater', reason: answer.reason, afterSeconds: RETRY_SECONDS } };
  if (answer.status !== 200) return { ok: false, failure: tokenFailure(answer, endpoint, now) };
  const body = parseJson(answer.text) as Record<string, unknown> | null;
  // Some platforms (TikTok) answer an OAuth error with status 200.
  if (typeof body?.access_token !== 'string' && typeof body?.error === 'string') return { ok: false, failure: tokenFailure(answer, endpoint, now) };
  if (typeof body?.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: `${endpoint.errors.platform} answered without an access token`, afterSeconds: RETRY_SECONDS } };
  }
  const refreshToken = typeof body.refresh_token === 'string' ? body.refresh_token : null;
  const scopes = typeof body.scope === 'string' ? body.scope.split(endpoint.scopeSeparator).filter((s) => s.length > 0) : [];
  const refreshLifetime = endpoint.refreshExpiresInField === undefined ? undefined : body[endpoint.refreshExpiresInField];
  return {
    ok: true,
    grant: {
      kind: 'oauth2',
      accessToken: body.access_token,
      refreshToken: refreshToken ?? previous?.refreshToken ?? null,
      accessExpiresAt: secondsAfter(now, body.expires_in),
      refreshExpiresAt: refreshToken !== null ? secondsAfter(now, refreshLifetime) : (previous?.refreshExpiresAt ?? null),
      scopes: scopes.length > 0 ? scopes : (previous?.scopes ?? []),
    },
  };
}

/**
 * A refused token request: a dead grant (`invalid_grant`, or the platform's own words for it)
 * asks for the account again; a misconfigured client is refused; a rate limit or the
 * platform's trouble is tried again. An answer without an OAuth `error` (Meta's token endpoints
 * answer with their API's error object and codes) goes by what the platform says it means.
 */
export function tokenFailure(answer: Answered, endpoint: TokenEndpoint, now: Date): GrantFailure {
  const reason = endpoint.errors.message(answer);
  if (answer.status === 429) return { kind: 'retryLater', reason, afterSeconds: waitSeconds(answer, endpoint.errors, now) };
  if (answer.status >= 500) return { kind: 'retryLater', reason, afterSeconds: RETRY_SECONDS };
  const body = parseJson(answer.text) as { error?: unknown; error_description?: unknown } | null;
  const error = typeof body?.error === 'string' ? body.error : null;
  const meaning = error === null ? (endpoint.errors.meaning?.(answer) ?? null) : null;
  if (meaning === 'throttled') return { kind: 'retryLater', reason, afterSeconds: waitSeconds(answer, endpoint.errors, now) };
  if (meaning === 'transient') return { kind: 'retryLater', reason, afterSeconds: RETRY_SECONDS };
  if (meaning === 'reconnect') return { kind: 'reconnect', reason };
  const description = typeof body?.error_description === 'string' ? body.error_description : '';
  if (error === 'invalid_client' || error === 'unauthorized_client') return { kind: 'rejected', reason };
  if (error === 'invalid_grant' || endpoint.deadGrant?.(error, description, answer) === true) return { kind: 'reconnect', reason };
  return { kind: 'rejected', reason };
}

/** The moment `seconds` after `now`, or null when the answer gave no finite number. */
export const secondsAfter = (now: Date, seconds: unknown): Date | null =>
  typeof seconds === 'number' && Number.isFinite(seconds) ? new Date(now.getTime() + seconds * 1000) : null;

/** The grant as OAuth 2.0; any other kind is a wiring error, named for `platform`. */
export function oauth2GrantFor(platform: string, grant: PlatformGrant): OAuth2Grant {
  if (grant.kind !== 'oauth2') throw new Error(`${platform} takes an OAuth 2.0 grant, not ${grant.kind}`);
  return grant;
}

/**
 * Keeping a refresh-token grant alive: renewed `renewAheadMs` before the access token expires
 * (while the refresh token is good), refreshed at the token endpoint (a rotated refresh token
 * replaces the old one, which is good once), revoked where the platform can (best effort).
 */
export class RefreshTokenUpkeep implements TokenUpkeep {
  constructor(
    private readonly http: HttpSettings & { readonly now: () => Date },
    private readonly endpoint: TokenEndpoint,
    private readonly renewAheadMs: number,
  ) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    const oauth = oauth2GrantFor(this.endpoint.errors.platform, grant);
    if (oauth.refreshToken === null || oauth.accessExpiresAt === null) return false;
    if (oauth.refreshExpiresAt !== null && oauth.refreshExpiresAt.getTime() <= now.getTime()) return false;
    return oauth.accessExpiresAt.getTime() - now.getTime() <= this.renewAheadMs;
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = oauth2GrantFor(this.endpoint.errors.platform, grant);
    if (oauth.refreshToken === null) {
      return {
        ok: false,
        failure: { kind: 'reconnect', reason: `${this.endpoint.errors.platform} issued no refresh token for this connection: connect it again` },
      };
    }
    const answer = await postTokenForm(this.http, this.endpoint, { grant_type: 'refresh_token', refresh_token: oauth.refreshToken });
    return grantFromTokenAnswer(answer, this.http.now(), oauth, this.endpoint);
  }

  /** Best effort: the connection is removed whatever the platform answers. */
  async revoke(grant: PlatformGrant): Promise<void> {
    const { revokeUrl } = this.endpoint;
    if (revokeUrl === undefined) return;
    const oauth = oauth2GrantFor(this.endpoint.errors.platform, grant);
    for (const form of revocationsOf(oauth, this.endpoint.revokes ?? 'each')) await postTokenForm(this.http, this.endpoint, form, revokeUrl);
  }
}

/** The forms revocation sends, in order (TokenEndpoint.revokes). */
function revocationsOf(grant: OAuth2Grant, revokes: 'each' | 'grant' | 'access'): Record<string, string>[] {
  switch (revokes) {
    case 'grant':
      return [{ token: grant.refreshToken ?? grant.accessToken }];
    case 'access':
      return [{ token: grant.accessToken }];
    case 'each':
      return [
        ...(grant.refreshToken === null ? [] : [{ token: grant.refreshToken, token_type_hint: 'refresh_token' }]),
        { token: grant.accessToken, token_type_hint: 'access_token' },
      ];
  }
}
