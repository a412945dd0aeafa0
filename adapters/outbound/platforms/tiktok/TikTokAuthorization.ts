import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type AccountIdentity, type OAuthAuthorization, type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { callTikTok, dataOf } from './TikTokHttp';
import { type TikTokSettings } from './TikTokOptions';
import { grantFromTokenAnswer, tokenCall } from './tiktokTokenAnswer';
import { asOAuth2 } from './TikTokTokens';

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

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    const url = new URL(`${this.settings.authBaseUrl}/v2/auth/authorize/`);
    url.searchParams.set('client_key', this.settings.clientKey);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', TIKTOK_SCOPES.join(','));
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const form = new URLSearchParams({
      client_key: this.settings.clientKey,
      client_secret: this.settings.clientSecret,
      code: input.code,
      grant_type: 'authorization_code',
      redirect_uri: input.redirectUri,
    });
    const answer = await tokenCall(this.settings, form);
    return grantFromTokenAnswer(answer, this.settings.now(), null);
  }

  /** `GET /v2/user/info/`: the creator's open_id is the account; TikTok has no pages to choose. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const { accessToken } = asOAuth2(grant);
    const answer = await callTikTok(this.settings, {
      method: 'GET',
      url: `${this.settings.apiBaseUrl}/v2/user/info/?fields=${USER_FIELDS}`,
      headers: { Authorization: `Bearer ${accessToken}` },
    });
    const user = (dataOf(answer)?.user ?? null) as Record<string, unknown> | null;
    if (typeof user?.open_id !== 'string') {
      throw new Error(`TikTok did not say who the creator is: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
    }
    const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
    const displayName = text(user.display_name);
    return {
      identity: { accountId: user.open_id, handle: text(user.username) ?? displayName ?? user.open_id, displayName, avatarUrl: text(user.avatar_url) },
      publishAs: null,
    };
  }
}
