import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import {
  type AccountIdentity,
  type OAuthAuthorization,
  type PlatformConnector,
  type PublishAs,
} from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Platform } from '../../../../domain/platform/Platform';
import { bearer, okJson, urlOf } from '../kit/http';
import { grantFromTokenAnswer, postTokenForm, RefreshTokenUpkeep } from '../kit/oauth2';
import { connectorSettings } from '../kit/settings';
import { asOAuth2, callX, tokenEndpointOf, type TwitterOptions, type TwitterSettings } from './twitterApi';
import { TwitterPublisher } from './twitterPublisher';
import { TwitterReader } from './twitterReader';
import { appOptions, oauthInstall } from '../kit/oauthInstall';

export type { TwitterOptions } from './twitterApi';

/**
 * How long before its expiry an access token is renewed. X's access tokens live two hours
 * (their `expires_in`); ten minutes of margin covers a slow media upload.
 */
const RENEW_AHEAD_MS = 10 * 60 * 1000;

/**
 * X (Twitter): OAuth 2.0 with PKCE and rotating refresh tokens (each good once: a renewed grant
 * is saved before anything else uses it), tweets and threads with images or a video, and the
 * account's recent tweets read back.
 */
export class TwitterConnector implements PlatformConnector {
  readonly platform: Platform = 'TWITTER';
  readonly authorization: TwitterAuthorization;
  readonly tokens: RefreshTokenUpkeep;
  readonly publisher: TwitterPublisher;
  readonly reader: TwitterReader;

  constructor(options: TwitterOptions) {
    const settings = { ...connectorSettings(options, { api: 'https://api.x.com', auth: 'https://x.com' }), chunkBytes: options.chunkBytes ?? 4 * 1024 * 1024 };
    this.authorization = new TwitterAuthorization(settings);
    this.tokens = new RefreshTokenUpkeep(settings, tokenEndpointOf(settings), RENEW_AHEAD_MS);
    this.publisher = new TwitterPublisher(settings);
    this.reader = new TwitterReader(settings);
  }
}

/** Read and write posts, read the account, keep access (a refresh token), upload media. */
export const TWITTER_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'];

/** X's OAuth 2.0 Authorization Code flow, where PKCE (S256) is required, as a confidential client. */
export class TwitterAuthorization implements OAuthAuthorization {
  readonly usesPkce = true;

  constructor(private readonly settings: TwitterSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    if (input.codeChallenge === null) throw new Error('X requires PKCE: an authorization needs a code challenge');
    return urlOf(this.settings.authBaseUrl, '/i/oauth2/authorize', {
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: input.redirectUri,
      scope: TWITTER_SCOPES.join(' '),
      state: input.state,
      code_challenge: input.codeChallenge,
      code_challenge_method: 'S256',
    });
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    if (input.codeVerifier === null) return { ok: false, failure: { kind: 'rejected', reason: 'X requires the PKCE code verifier' } };
    const endpoint = tokenEndpointOf(this.settings);
    const form = { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier };
    return grantFromTokenAnswer(await postTokenForm(this.settings, endpoint, form), this.settings.now(), null, endpoint);
  }

  /** `GET /2/users/me`: the id, the @username (the handle) and the display name; X has no pages to choose. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const url = urlOf(this.settings.apiBaseUrl, '/2/users/me', { 'user.fields': 'profile_image_url' });
    const answer = await callX(this.settings, { method: 'GET', url, headers: bearer(asOAuth2(grant).accessToken) });
    const me = okJson(answer)?.data as { id?: unknown; username?: unknown; name?: unknown; profile_image_url?: unknown } | undefined;
    if (typeof me?.id !== 'string' || typeof me.username !== 'string') {
      throw new Error(`X did not say who the account is: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
    }
    const identity = {
      accountId: me.id,
      handle: me.username,
      displayName: typeof me.name === 'string' ? me.name : null,
      avatarUrl: typeof me.profile_image_url === 'string' ? me.profile_image_url : null,
    };
    return { identity, publishAs: null };
  }
}

export function twitterConnector(options: TwitterOptions): TwitterConnector {
  return new TwitterConnector(options);
}

/** Configured by TWITTER_CLIENT_ID and TWITTER_CLIENT_SECRET (docs/recipes.md, "Adding a platform"). */
export const install = oauthInstall('TWITTER', (app, deps) => twitterConnector(appOptions(app, deps)));
