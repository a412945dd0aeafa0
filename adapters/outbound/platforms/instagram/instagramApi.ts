import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type OAuth2Grant, type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { callPlatform, okJson, type PlatformAnswer, urlOf } from '../kit/http';
import { metaGrantFailure, metaGraphErrors } from '../kit/metaGraph';
import { oauth2GrantFor, secondsAfter } from '../kit/oauth2';
import { RETRY_SECONDS } from '../kit/outcomes';
import { type ConnectorOptions, type ConnectorSettings, connectorSettings } from '../kit/settings';

export interface InstagramOptions extends ConnectorOptions {
  /** The Graph API version in the path of content calls (`v23.0`). */
  readonly graphVersion?: string;
  /** How long to wait before asking again whether Instagram has processed a container. */
  readonly processingRecheckSeconds?: number;
}

export interface InstagramSettings extends ConnectorSettings {
  readonly graphVersion: string;
  readonly processingRecheckSeconds: number;
}

/** The Graph API (graph.instagram.com), the consent screen (www.instagram.com) and the code exchange (api.instagram.com). */
export function instagramSettings(options: InstagramOptions): InstagramSettings {
  const addresses = { api: 'https://graph.instagram.com', auth: 'https://www.instagram.com', token: 'https://api.instagram.com' };
  return {
    ...connectorSettings(options, addresses),
    graphVersion: options.graphVersion ?? 'v23.0',
    processingRecheckSeconds: options.processingRecheckSeconds ?? 30,
  };
}

/**
 * Meta's Graph errors (kit/metaGraph.ts) with Instagram's own codes (docs/platforms.md,
 * Instagram's error row and its review 1, 2, 5): a throttle waits five minutes unless a usage
 * header says otherwise, the daily publishing limit (2207042) an hour; the container errors
 * documented as "try again" or "make a new container" are transient (a container is nothing
 * public); suspected spam (4/2207051) ends the attempt with Meta's message.
 */
export const INSTAGRAM_ERRORS = metaGraphErrors({
  platform: 'Instagram',
  throttleSeconds: 5 * 60,
  throttleSubcodes: { 2207042: 60 * 60 },
  retryableSubcodes: [2207001, 2207003, 2207020, 2207032, 2207053],
  refusedSubcodes: [2207051],
});

export const asOAuth2 = (grant: PlatformGrant): OAuth2Grant => oauth2GrantFor('Instagram', grant);

/**
 * Calls with one account's token, sent in the query string (`access_token`, and a POST's
 * parameters), as Meta's reference shows every call of the API with Instagram Login.
 */
export class InstagramGraph {
  constructor(
    readonly settings: InstagramSettings,
    private readonly accessToken: string,
  ) {}

  get(path: string, params: Record<string, string | number>): Promise<PlatformAnswer> {
    return this.call('GET', path, params);
  }

  post(path: string, params: Record<string, string>): Promise<PlatformAnswer> {
    return this.call('POST', path, params);
  }

  /** The post's public link (`GET /{media-id}?fields=permalink`); null when Instagram does not give it (the post is out all the same). */
  async permalink(mediaId: string): Promise<string | null> {
    const link = okJson(await this.get(mediaId, { fields: 'permalink' }))?.permalink;
    return typeof link === 'string' ? link : null;
  }

  private call(method: 'GET' | 'POST', path: string, params: Record<string, string | number>): Promise<PlatformAnswer> {
    const url = urlOf(this.settings.apiBaseUrl, `/${this.settings.graphVersion}/${path}`, { ...params, access_token: this.accessToken });
    return callPlatform('Instagram', this.settings, { method, url });
  }
}

/** Permissions as Instagram lists them: a comma separated string, or an array. */
export function scopesOf(permissions: unknown): string[] {
  if (Array.isArray(permissions)) return permissions.filter((p): p is string => typeof p === 'string');
  return typeof permissions === 'string' ? permissions.split(/[\s,]+/).filter((p) => p.length > 0) : [];
}

/**
 * A long-lived token's answer `{access_token, token_type, expires_in}` (an exchange or a
 * refresh, both at graph.instagram.com): Instagram issues no refresh token, the long-lived
 * token renews itself (InstagramTokens), so its lifetime is Instagram's `expires_in`.
 */
export async function longLivedGrant(
  settings: InstagramSettings,
  path: string,
  params: Record<string, string>,
  scopes: readonly string[],
): Promise<GrantResult<OAuth2Grant>> {
  const answer = await callPlatform('Instagram', settings, { method: 'GET', url: urlOf(settings.apiBaseUrl, path, params) });
  const body = okJson(answer);
  if (body === null) return { ok: false, failure: metaGrantFailure(answer, INSTAGRAM_ERRORS, settings.now()) };
  if (typeof body.access_token !== 'string') {
    return { ok: false, failure: { kind: 'retryLater', reason: 'Instagram answered without an access token', afterSeconds: RETRY_SECONDS } };
  }
  const accessExpiresAt = secondsAfter(settings.now(), body.expires_in);
  return { ok: true, grant: { kind: 'oauth2', accessToken: body.access_token, refreshToken: null, accessExpiresAt, refreshExpiresAt: null, scopes } };
}
