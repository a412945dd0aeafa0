import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type AccountIdentity, type OAuthAuthorization, type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { callLinkedIn, parseJson } from './LinkedInHttp';
import { type LinkedInSettings } from './LinkedInOptions';
import { organizationsOf } from './linkedInOrganizations';
import { grantFromTokenAnswer } from './linkedInTokenAnswer';
import { asOAuth2 } from './LinkedInTokens';

const MEMBER_SCOPES = ['openid', 'profile', 'w_member_social'];
const ORGANIZATION_SCOPES = ['w_organization_social', 'rw_organization_admin'];
const LISTS_ORGANIZATIONS = ['rw_organization_admin', 'r_organization_admin'];

/**
 * LinkedIn's 3-legged code flow for a web app, authenticated with the client secret (LinkedIn
 * offers PKCE to native apps only).
 */
export class LinkedInAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(
    private readonly settings: LinkedInSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  get scopes(): string[] {
    return this.settings.organizations ? [...MEMBER_SCOPES, ...ORGANIZATION_SCOPES] : MEMBER_SCOPES;
  }

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    const url = new URL(`${this.settings.authBaseUrl}/oauth/v2/authorization`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    url.searchParams.set('scope', this.scopes.join(' '));
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
    });
    const headers = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const url = `${this.settings.authBaseUrl}/oauth/v2/accessToken`;
    const answer = await callLinkedIn(this.settings, { method: 'POST', url, headers, body: body.toString() });
    return grantFromTokenAnswer(answer, this.now(), null);
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

interface UserInfo {
  sub?: unknown;
  name?: unknown;
  picture?: unknown;
}

/** GET /v2/userinfo: `sub` is the member id (author `urn:li:person:{sub}`); LinkedIn shows no handle, so the name stands in. */
export async function memberIdentity(settings: LinkedInSettings, accessToken: string): Promise<AccountIdentity> {
  const headers = { Authorization: `Bearer ${accessToken}` };
  const answer = await callLinkedIn(settings, { method: 'GET', url: `${settings.apiBaseUrl}/v2/userinfo`, headers });
  const info = answer.kind === 'answered' && answer.status === 200 ? (parseJson(answer.text) as UserInfo | null) : null;
  if (typeof info?.sub !== 'string') {
    throw new Error(`LinkedIn did not say who the member is: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
  }
  const name = typeof info.name === 'string' ? info.name : null;
  return { accountId: info.sub, handle: name ?? info.sub, displayName: name, avatarUrl: typeof info.picture === 'string' ? info.picture : null };
}
