import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import {
  type AccountIdentity,
  type OAuthAuthorization,
  type PlatformConnector,
  type PublishAs,
} from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Platform } from '../../../../domain/platform/Platform';
import { bearer, urlOf } from '../kit/http';
import { grantFromTokenAnswer, postTokenForm, RefreshTokenUpkeep } from '../kit/oauth2';
import { readFailure } from '../kit/outcomes';
import { asOAuth2, callTikTok, dataOf, TIKTOK_ERRORS, type TikTokOptions, type TikTokSettings, tiktokSettings, tokenEndpointOf } from './tiktokApi';
import { TikTokPublisher } from './tiktokPublisher';
import { TikTokReader, VIDEO_LIST_SCOPE } from './tiktokReader';
import { type SettingsSource } from '../kit/install';
import { appOptions, oauthInstall } from '../kit/oauthInstall';

export type { TikTokOptions } from './tiktokApi';

/**
 * How long before its expiry an access token is renewed. TikTok's access tokens live for
 * hours (their `expires_in`), so a quarter of an hour covers a publish that follows.
 */
const RENEW_AHEAD_MS = 15 * 60 * 1000;

/**
 * TikTok: Login Kit's OAuth 2.0 code flow, refresh with rotation, and the Content Posting API's
 * direct post. Nothing is read back: what settles a TikTok post is the status of its publish_id,
 * which the publisher reads itself; the one list of an account's posts (`POST /v2/video/list/`,
 * scope `video.list`) shows public videos only, once moderated (sometimes hours later), with
 * captions cut to 150 characters, so a post it does not list may still have been made
 * (docs/platforms.md, TikTok review 5). The calls whose answer can be lost without a publish_id
 * (a photo post's init, a worker stopped mid-call) stay "publish outcome unknown". With the
 * `videoList` option the connector also asks for `video.list` and has a reader of public videos'
 * figures only (tiktokReader.ts).
 */
export class TikTokConnector implements PlatformConnector {
  readonly platform: Platform = 'TIKTOK';
  readonly authorization: TikTokAuthorization;
  readonly tokens: RefreshTokenUpkeep;
  readonly publisher: TikTokPublisher;
  readonly reader?: TikTokReader;

  constructor(options: TikTokOptions) {
    const settings = tiktokSettings(options);
    this.authorization = new TikTokAuthorization(settings);
    this.tokens = new RefreshTokenUpkeep(settings, tokenEndpointOf(settings), RENEW_AHEAD_MS);
    this.publisher = new TikTokPublisher(settings);
    if (settings.videoList) this.reader = new TikTokReader(settings);
  }
}

/** Direct Post needs `video.publish`; `user.info.basic` names the account, `user.info.profile` gives its username. */
export const TIKTOK_SCOPES = ['user.info.basic', 'user.info.profile', 'video.publish'];

const USER_FIELDS = 'open_id,union_id,avatar_url,display_name,username';

/**
 * TikTok's Login Kit code flow for a web app: `client_key` and the client secret. TikTok asks
 * PKCE of desktop and mobile apps only, so a web service sends none.
 */
export class TikTokAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(private readonly settings: TikTokSettings) {}

  get scopes(): string[] {
    return this.settings.videoList ? [...TIKTOK_SCOPES, VIDEO_LIST_SCOPE] : TIKTOK_SCOPES;
  }

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    return urlOf(this.settings.authBaseUrl, '/v2/auth/authorize/', {
      client_key: this.settings.clientId,
      response_type: 'code',
      scope: this.scopes.join(','),
      redirect_uri: input.redirectUri,
      state: input.state,
    });
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const endpoint = tokenEndpointOf(this.settings);
    const form = { code: input.code, grant_type: 'authorization_code', redirect_uri: input.redirectUri };
    return grantFromTokenAnswer(await postTokenForm(this.settings, endpoint, form), this.settings.now(), null, endpoint);
  }

  /** `GET /v2/user/info/`: the creator's open_id is the account; TikTok has no pages to choose. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const url = urlOf(this.settings.apiBaseUrl, '/v2/user/info/', { fields: USER_FIELDS });
    const answer = await callTikTok(this.settings, { method: 'GET', url, headers: bearer(asOAuth2(grant).accessToken) });
    const user = (dataOf(answer)?.user ?? null) as Record<string, unknown> | null;
    if (typeof user?.open_id !== 'string') throw new Error(`TikTok did not say who the creator is: ${readFailure(answer, TIKTOK_ERRORS)}`);
    const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
    const displayName = text(user.display_name);
    return {
      identity: { accountId: user.open_id, handle: text(user.username) ?? displayName ?? user.open_id, displayName, avatarUrl: text(user.avatar_url) },
      publishAs: null,
    };
  }
}

export function tiktokConnector(options: TikTokOptions): TikTokConnector {
  return new TikTokConnector(options);
}

/** TikTok calls its client id a client key (TIKTOK_CLIENT_KEY); TIKTOK_VIDEO_LIST also asks for video.list, for figures. */
export const install = oauthInstall(
  'TIKTOK',
  (app, deps) => {
    const { clientId, ...rest } = appOptions(app, deps);
    return tiktokConnector({ ...rest, clientKey: clientId, videoList: app.videoList });
  },
  { idName: 'CLIENT_KEY', extra: (source: SettingsSource) => ({ videoList: source.flag('TIKTOK_VIDEO_LIST', false) }) },
);
