import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type AccountIdentity, type OAuthAuthorization, type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { callInstagram, graphUrl, okBody } from './InstagramHttp';
import { type InstagramSettings } from './InstagramOptions';
import { grantFromLongLivedAnswer, scopesOf, tokenFailure } from './instagramTokenAnswer';
import { asOAuth2 } from './InstagramTokens';

/** Business Login for Instagram: basic profile, publishing, and comments for later segments. */
export const INSTAGRAM_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish', 'instagram_business_manage_comments'];

/**
 * The code flow of Business Login for Instagram, authenticated with the app secret (no PKCE):
 * the code gives a short-lived token (an hour), exchanged at once for a long-lived one.
 */
export class InstagramAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(private readonly settings: InstagramSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    const url = new URL(`${this.settings.authBaseUrl}/oauth/authorize`);
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', INSTAGRAM_SCOPES.join(','));
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const form = {
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
      code: input.code,
    };
    const short = await callInstagram(this.settings, { method: 'POST', url: `${this.settings.tokenBaseUrl}/oauth/access_token`, params: {}, form });
    if (short.kind !== 'answered') return { ok: false, failure: { kind: 'retryLater', reason: short.reason, afterSeconds: 60 } };
    if (short.status !== 200) return { ok: false, failure: tokenFailure(short.status, short.text) };
    const body = okBody(short);
    // Documented as `{data: [{access_token, user_id, permissions}]}`; also seen flat.
    const entry = (Array.isArray(body?.data) ? body.data[0] : body) as Record<string, unknown> | undefined;
    if (typeof entry?.access_token !== 'string') {
      return { ok: false, failure: { kind: 'retryLater', reason: 'Instagram answered the code without a token', afterSeconds: 60 } };
    }
    const params = { grant_type: 'ig_exchange_token', client_secret: this.settings.clientSecret, access_token: entry.access_token };
    const long = await callInstagram(this.settings, { method: 'GET', url: `${this.settings.apiBaseUrl}/access_token`, params });
    return grantFromLongLivedAnswer(long, this.settings.now(), scopesOf(entry.permissions));
  }

  /** One Instagram professional account per login: nothing to choose. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const params = { fields: 'user_id,username,name,profile_picture_url', access_token: asOAuth2(grant).accessToken };
    const answer = await callInstagram(this.settings, { method: 'GET', url: graphUrl(this.settings, 'me'), params });
    const me = okBody(answer);
    if (typeof me?.user_id !== 'string' || typeof me.username !== 'string') {
      throw new Error(`Instagram did not say who the account is: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
    }
    const name = typeof me.name === 'string' && me.name.length > 0 ? me.name : null;
    const avatarUrl = typeof me.profile_picture_url === 'string' ? me.profile_picture_url : null;
    return { identity: { accountId: me.user_id, handle: me.username, displayName: name, avatarUrl }, publishAs: null };
  }
}
