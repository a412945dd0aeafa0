import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type AccountIdentity, type OAuthAuthorization, type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { boardsOf } from './pinterestBoards';
import { getV5, parseJson } from './PinterestHttp';
import { type PinterestSettings } from './PinterestOptions';
import { grantFromTokenAnswer } from './pinterestTokenAnswer';
import { asOAuth2, callTokenEndpoint } from './PinterestTokens';

/**
 * Comma separated, as Pinterest takes them: list boards, publish pins, read the account. Its
 * description has `POST /v5/pins` need boards:write as well as boards:read, pins:read and pins:write.
 */
export const PINTEREST_SCOPES = ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'];

/** Pinterest's code flow for a web app, the client authenticated with HTTP Basic (no PKCE). */
export class PinterestAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(private readonly settings: PinterestSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    const url = new URL(`${this.settings.authBaseUrl}/oauth/`);
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', PINTEREST_SCOPES.join(','));
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const answer = await callTokenEndpoint(this.settings, { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri });
    return grantFromTokenAnswer(answer, this.settings.now(), null);
  }

  /** The account (`GET /v5/user_account`) and its boards: a connection pins to one of them. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const { accessToken } = asOAuth2(grant);
    const answer = await getV5(this.settings, accessToken, '/user_account');
    const account = answer.kind === 'answered' && answer.status === 200 ? (parseJson(answer.text) as UserAccount | null) : null;
    if (typeof account?.username !== 'string') {
      throw new Error(`Pinterest did not say whose account this is: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
    }
    const identity: AccountIdentity = {
      accountId: typeof account.id === 'string' ? account.id : account.username,
      handle: account.username,
      displayName: typeof account.business_name === 'string' && account.business_name.length > 0 ? account.business_name : null,
      avatarUrl: typeof account.profile_image === 'string' ? account.profile_image : null,
    };
    const boards = await boardsOf(this.settings, accessToken);
    return { identity, publishAs: boards.length > 0 ? boards : null };
  }
}

interface UserAccount {
  id?: unknown;
  username?: unknown;
  business_name?: unknown;
  profile_image?: unknown;
}
