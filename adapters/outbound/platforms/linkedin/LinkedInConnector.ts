import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import {
  type AccountIdentity,
  type OAuthAuthorization,
  type PlatformConnector,
  type PublishAs,
} from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Platform } from '../../../../domain/platform/Platform';
import { urlOf } from '../kit/http';
import { grantFromTokenAnswer, postTokenForm, RefreshTokenUpkeep } from '../kit/oauth2';
import { memberIdentity, organizationsOf } from './linkedInAccounts';
import { asOAuth2, type LinkedInOptions, type LinkedInSettings, linkedInSettings, tokenEndpointOf } from './linkedInApi';
import { LinkedInPublisher } from './linkedInPublisher';
import { LinkedInReader, READ_ORGANIZATION_SCOPE } from './linkedInReader';
import { type SettingsSource } from '../kit/install';
import { appOptions, oauthInstall } from '../kit/oauthInstall';

export type { LinkedInOptions } from './linkedInApi';

/**
 * How long before its expiry an access token is renewed. LinkedIn's access tokens live for
 * days (their `expires_in`), so a day of margin covers a worker that was down for a while.
 */
const RENEW_AHEAD_MS = 24 * 60 * 60 * 1000;

const MEMBER_SCOPES = ['openid', 'profile', 'w_member_social'];
/** Posting as an organization, listing the member's organizations, and reading their posts back (since issue 20). */
const ORGANIZATION_SCOPES = ['w_organization_social', 'rw_organization_admin', READ_ORGANIZATION_SCOPE];
const LISTS_ORGANIZATIONS = ['rw_organization_admin', 'r_organization_admin'];

/**
 * LinkedIn: OAuth 2.0 code flow, refresh where LinkedIn grants refresh tokens, posts and
 * comments as the member or an organization. An organization's posts are read back (the reader
 * is there when the organization scopes are asked for); a member's cannot be, without the
 * restricted `r_member_social`.
 */
export class LinkedInConnector implements PlatformConnector {
  readonly platform: Platform = 'LINKEDIN';
  readonly authorization: LinkedInAuthorization;
  readonly tokens: RefreshTokenUpkeep;
  readonly publisher: LinkedInPublisher;
  readonly reader?: LinkedInReader;

  constructor(options: LinkedInOptions) {
    const settings = linkedInSettings(options);
    this.authorization = new LinkedInAuthorization(settings);
    this.tokens = new RefreshTokenUpkeep(settings, tokenEndpointOf(settings), RENEW_AHEAD_MS);
    this.publisher = new LinkedInPublisher(settings);
    if (settings.organizations) this.reader = new LinkedInReader(settings);
  }
}

/** LinkedIn's 3-legged code flow for a web app, with the client secret (LinkedIn offers PKCE to native apps only). */
export class LinkedInAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(private readonly settings: LinkedInSettings) {}

  get scopes(): string[] {
    return this.settings.organizations ? [...MEMBER_SCOPES, ...ORGANIZATION_SCOPES] : MEMBER_SCOPES;
  }

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    return urlOf(this.settings.authBaseUrl, '/oauth/v2/authorization', {
      response_type: 'code',
      client_id: this.settings.clientId,
      redirect_uri: input.redirectUri,
      state: input.state,
      scope: this.scopes.join(' '),
    });
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const endpoint = tokenEndpointOf(this.settings);
    const form = { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri };
    return grantFromTokenAnswer(await postTokenForm(this.settings, endpoint, form), this.settings.now(), null, endpoint);
  }

  /**
   * The member (OpenID Connect userinfo). `publishAs` lists the organizations the member may
   * post as, when the grant may list them and there are any; the member itself is always the
   * default: a connection with no organization chosen publishes as the member.
   */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const oauth = asOAuth2(grant);
    const identity = await memberIdentity(this.settings, oauth.accessToken);
    if (!oauth.scopes.some((scope) => LISTS_ORGANIZATIONS.includes(scope))) return { identity, publishAs: null };
    const organizations = await organizationsOf(this.settings, oauth.accessToken);
    return { identity, publishAs: organizations.length > 0 ? organizations : null };
  }
}

export function linkedinConnector(options: LinkedInOptions): LinkedInConnector {
  return new LinkedInConnector(options);
}

/** Configured by LINKEDIN_CLIENT_ID and LINKEDIN_CLIENT_SECRET; LINKEDIN_ORGANIZATIONS also asks for the organization scopes. */
export const install = oauthInstall('LINKEDIN', (app, deps) => linkedinConnector({ ...appOptions(app, deps), organizations: app.organizations }), {
  extra: (source: SettingsSource) => ({ organizations: source.flag('LINKEDIN_ORGANIZATIONS', false) }),
});
