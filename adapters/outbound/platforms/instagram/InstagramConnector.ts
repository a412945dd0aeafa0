import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import {
  type AccountIdentity,
  type OAuthAuthorization,
  type PlatformConnector,
  type PublishAs,
  type TokenUpkeep,
} from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Platform } from '../../../../domain/platform/Platform';
import { okJson, parseJson, urlOf } from '../kit/http';
import { metaGrantFailure } from '../kit/metaGraph';
import { postTokenForm, type TokenEndpoint } from '../kit/oauth2';
import { RETRY_SECONDS } from '../kit/outcomes';
import {
  asOAuth2,
  INSTAGRAM_ERRORS,
  InstagramGraph,
  type InstagramOptions,
  type InstagramSettings,
  instagramSettings,
  longLivedGrant,
  scopesOf,
} from './instagramApi';
import { InstagramPublisher } from './instagramPublisher';
import { INSIGHTS_PERMISSION, InstagramReader } from './instagramReader';
import { appOptions, oauthInstall } from '../kit/oauthInstall';

export type { InstagramOptions } from './instagramApi';

/** Instagram (API with Instagram Login): code flow, a self-renewing long-lived token, posts and comments, the account's media read back, and posts' insights. */
export class InstagramConnector implements PlatformConnector {
  readonly platform: Platform = 'INSTAGRAM';
  readonly authorization: InstagramAuthorization;
  readonly tokens: InstagramTokens;
  readonly publisher: InstagramPublisher;
  readonly reader: InstagramReader;

  constructor(options: InstagramOptions) {
    const settings = instagramSettings(options);
    this.authorization = new InstagramAuthorization(settings);
    this.tokens = new InstagramTokens(settings);
    this.publisher = new InstagramPublisher(settings);
    this.reader = new InstagramReader(settings);
  }
}

/**
 * Business Login for Instagram: basic profile (and reading the account's media back),
 * publishing, comments for later segments, and posts' insights (asked for since issue 22:
 * connections made before are told to connect again when figures are read).
 */
export const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish', 'instagram_business_manage_comments', INSIGHTS_PERMISSION];

/**
 * The code flow of Business Login for Instagram, authenticated with the app secret (no PKCE):
 * the code gives a short-lived token (an hour), exchanged at once for a long-lived one.
 */
export class InstagramAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(private readonly settings: InstagramSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    return urlOf(this.settings.authBaseUrl, '/oauth/authorize', {
      client_id: this.settings.clientId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: INSTAGRAM_SCOPES.join(','),
      state: input.state,
    });
  }

  /** `POST api.instagram.com/oauth/access_token` (a form, the app's id and secret in it), then `GET /access_token?grant_type=ig_exchange_token`. */
  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const endpoint: TokenEndpoint = {
      errors: INSTAGRAM_ERRORS,
      url: `${this.settings.tokenBaseUrl}/oauth/access_token`,
      clientId: this.settings.clientId,
      clientSecret: this.settings.clientSecret,
      clientAuth: 'body',
      scopeSeparator: /,/,
    };
    const form = { grant_type: 'authorization_code', redirect_uri: input.redirectUri, code: input.code };
    const short = await postTokenForm(this.settings, endpoint, form);
    if (short.kind !== 'answered' || short.status !== 200) return { ok: false, failure: metaGrantFailure(short, INSTAGRAM_ERRORS, this.settings.now()) };
    // Documented as `{data: [{access_token, user_id, permissions}]}`; also seen flat.
    const body = parseJson(short.text) as { data?: unknown } | null;
    const entry = (Array.isArray(body?.data) ? body.data[0] : body) as Record<string, unknown> | undefined;
    if (typeof entry?.access_token !== 'string') {
      return { ok: false, failure: { kind: 'retryLater', reason: 'Instagram answered the code without a token', afterSeconds: RETRY_SECONDS } };
    }
    const params = { grant_type: 'ig_exchange_token', client_secret: this.settings.clientSecret, access_token: entry.access_token };
    return longLivedGrant(this.settings, '/access_token', params, scopesOf(entry.permissions));
  }

  /** One Instagram professional account per login (`GET /me`, its `user_id` the id content calls use): nothing to choose. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const graph = new InstagramGraph(this.settings, asOAuth2(grant).accessToken);
    const answer = await graph.get('me', { fields: 'user_id,username,name,profile_picture_url' });
    const me = okJson(answer);
    if (typeof me?.user_id !== 'string' || typeof me.username !== 'string') {
      throw new Error(`Instagram did not say who the account is: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
    }
    const name = typeof me.name === 'string' && me.name.length > 0 ? me.name : null;
    const avatarUrl = typeof me.profile_picture_url === 'string' ? me.profile_picture_url : null;
    return { identity: { accountId: me.user_id, handle: me.username, displayName: name, avatarUrl }, publishAs: null };
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Renewed when a week or less is left. A long-lived token lives 60 days and may be refreshed
 * once it is a day old, so a token this close to its end is always old enough; a week covers
 * a worker that was down for a while.
 */
const RENEW_AHEAD_MS = 7 * DAY_MS;

/**
 * Instagram has no refresh token: the long-lived access token itself is exchanged for a new
 * one (`GET /refresh_access_token?grant_type=ig_refresh_token`) while it is still valid. An
 * expired token cannot be refreshed: the owner connects again.
 */
export class InstagramTokens implements TokenUpkeep {
  constructor(private readonly settings: InstagramSettings) {}

  needsRefresh(grant: PlatformGrant, now: Date): boolean {
    const { accessExpiresAt } = asOAuth2(grant);
    if (accessExpiresAt === null) return false;
    const left = accessExpiresAt.getTime() - now.getTime();
    return left > 0 && left <= RENEW_AHEAD_MS;
  }

  async refresh(grant: PlatformGrant): Promise<GrantResult<PlatformGrant>> {
    const oauth = asOAuth2(grant);
    if (oauth.accessExpiresAt !== null && oauth.accessExpiresAt.getTime() <= this.settings.now().getTime()) {
      return { ok: false, failure: { kind: 'reconnect', reason: 'the Instagram token has expired: connect the account again' } };
    }
    return longLivedGrant(this.settings, '/refresh_access_token', { grant_type: 'ig_refresh_token', access_token: oauth.accessToken }, oauth.scopes);
  }

  /** Instagram offers no token revocation; the owner removes the app in Instagram's settings. */
  async revoke(_grant: PlatformGrant): Promise<void> {}
}

export function instagramConnector(options: InstagramOptions): InstagramConnector {
  return new InstagramConnector(options);
}

/** Configured by INSTAGRAM_CLIENT_ID and INSTAGRAM_CLIENT_SECRET; INSTAGRAM_TOKEN_BASE_URL points tests at a fake of its token host. */
export const install = oauthInstall('INSTAGRAM', (app, deps) => instagramConnector(appOptions(app, deps)));
