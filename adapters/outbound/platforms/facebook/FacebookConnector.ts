import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import {
  type AccountIdentity,
  type OAuthAuthorization,
  type PlatformConnector,
  type PublishAs,
} from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Platform } from '../../../../domain/platform/Platform';
import { okJson, urlOf } from '../kit/http';
import { metaGrantFailure } from '../kit/metaGraph';
import { asOAuth2, FACEBOOK_ERRORS, type FacebookOptions, type FacebookSettings, facebookSettings, graphGet, longLivedGrant, userToken } from './facebookApi';
import { COMMENT_PERMISSION, FacebookPublisher } from './facebookPublisher';
import { FacebookReader, INSIGHTS_PERMISSION } from './facebookReader';
import { FacebookTokens, pagesOf, personToken } from './facebookTokens';
import { appOptions, oauthInstall } from '../kit/oauthInstall';

export type { FacebookOptions } from './facebookApi';

/**
 * Facebook Pages: Facebook Login's code flow, a long-lived user token, posts and comments as a
 * Page with the Page's own token, and the Page's recent posts read back.
 */
export class FacebookConnector implements PlatformConnector {
  readonly platform: Platform = 'FACEBOOK';
  readonly authorization: FacebookAuthorization;
  readonly tokens: FacebookTokens;
  readonly publisher: FacebookPublisher;
  readonly reader: FacebookReader;

  constructor(options: FacebookOptions) {
    const settings = facebookSettings(options);
    this.authorization = new FacebookAuthorization(settings);
    this.tokens = new FacebookTokens(settings);
    this.publisher = new FacebookPublisher(settings);
    this.reader = new FacebookReader(settings);
  }
}

/**
 * List the Pages, publish as them and read what was published (pages_show_list,
 * pages_manage_posts, pages_read_engagement), comment as them (pages_manage_engagement:
 * docs/platforms.md, Facebook review 1), and read their posts' views and clicks (read_insights,
 * since issue 22; optional: without it a post's figures lack those two).
 */
export const FACEBOOK_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement', COMMENT_PERMISSION, INSIGHTS_PERMISSION];
/** What publishing to a Page needs (https://developers.facebook.com/docs/pages-api/posts); commenting is checked when a comment is made. */
const NEEDED_TO_PUBLISH = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'];

/** Facebook Login's code flow for a web app, authenticated with the app secret (no PKCE). */
export class FacebookAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(private readonly settings: FacebookSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    return urlOf(this.settings.authBaseUrl, '/dialog/oauth', {
      client_id: this.settings.clientId,
      redirect_uri: input.redirectUri,
      state: input.state,
      response_type: 'code',
      scope: FACEBOOK_SCOPES.join(','),
    });
  }

  /**
   * The code becomes a short-lived user token, exchanged at once for a long-lived one; its
   * scopes are the permissions the person actually granted (they may untick some).
   */
  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const short = await userToken(this.settings, { redirect_uri: input.redirectUri, code: input.code });
    if (!short.ok) return short;
    const answer = await graphGet(this.settings, '/me/permissions', short.token);
    const permissions = okJson(answer)?.data as Array<{ permission?: unknown; status?: unknown }> | undefined;
    if (!Array.isArray(permissions)) return { ok: false, failure: metaGrantFailure(answer, FACEBOOK_ERRORS, this.settings.now()) };
    const granted = permissions.filter((p) => p.status === 'granted' && typeof p.permission === 'string').map((p) => p.permission as string);
    const missing = NEEDED_TO_PUBLISH.filter((scope) => !granted.includes(scope));
    if (missing.length > 0) {
      return { ok: false, failure: { kind: 'reconnect', reason: `Facebook: ${missing.join(', ')} not granted; connect again and allow them` } };
    }
    return longLivedGrant(this.settings, short.token, granted);
  }

  /** The person (`GET /me`) and the Pages they may publish to (`GET /me/accounts`); a connection publishes as one of them. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const token = personToken(asOAuth2(grant));
    const answer = await graphGet(this.settings, '/me', token, { fields: 'id,name,picture' });
    const me = okJson(answer) as { id?: unknown; name?: unknown; picture?: { data?: { url?: unknown } } } | null;
    if (typeof me?.id !== 'string') {
      throw new Error(
        `Facebook did not say who the person is: ${answer.kind === 'answered' ? `${answer.status} ${answer.text.slice(0, 200)}` : answer.reason}`,
      );
    }
    const name = typeof me.name === 'string' ? me.name : null;
    const picture = me.picture?.data?.url;
    const identity = { accountId: me.id, handle: name ?? me.id, displayName: name, avatarUrl: typeof picture === 'string' ? picture : null };
    const pages = await pagesOf(this.settings, token);
    return { identity, publishAs: pages.length > 0 ? pages : null };
  }
}

export function facebookConnector(options: FacebookOptions): FacebookConnector {
  return new FacebookConnector(options);
}

/** Configured by FACEBOOK_CLIENT_ID and FACEBOOK_CLIENT_SECRET. What a connection publishes as (its Page) comes with each call (PublishingAccount). */
export const install = oauthInstall('FACEBOOK', (app, deps) => facebookConnector(appOptions(app, deps)));
