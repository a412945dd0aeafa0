import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type AccountIdentity, type OAuthAuthorization, type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { bearer, callX, parseJson } from './TwitterHttp';
import { type TwitterSettings } from './TwitterOptions';
import { callTokenEndpoint, grantFromTokenAnswer } from './twitterTokenAnswer';
import { asOAuth2 } from './TwitterTokens';

/** Read and write posts, read the account, keep access (a refresh token), upload media. */
export const TWITTER_SCOPES = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write'];

interface UsersMe {
  data?: { id?: unknown; username?: unknown; name?: unknown; profile_image_url?: unknown };
}

/** X's OAuth 2.0 Authorization Code flow, where PKCE (S256) is required, as a confidential client. */
export class TwitterAuthorization implements OAuthAuthorization {
  readonly usesPkce = true;

  constructor(private readonly settings: TwitterSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    if (input.codeChallenge === null) throw new Error('X requires PKCE: an authorization needs a code challenge');
    const url = new URL(`${this.settings.authBaseUrl}/i/oauth2/authorize`);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('scope', TWITTER_SCOPES.join(' '));
    url.searchParams.set('state', input.state);
    url.searchParams.set('code_challenge', input.codeChallenge);
    url.searchParams.set('code_challenge_method', 'S256');
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    if (input.codeVerifier === null) return { ok: false, failure: { kind: 'rejected', reason: 'X requires the PKCE code verifier' } };
    const answer = await callTokenEndpoint(this.settings, '/2/oauth2/token', {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      code_verifier: input.codeVerifier,
    });
    return grantFromTokenAnswer(answer, this.settings.now(), null);
  }

  /** `GET /2/users/me`: the id, the @username (the handle) and the display name; X has no pages to choose. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const url = `${this.settings.apiBaseUrl}/2/users/me?user.fields=profile_image_url`;
    const answer = await callX(this.settings, { method: 'GET', url, headers: bearer(asOAuth2(grant).accessToken) });
    const me = answer.kind === 'answered' && answer.status === 200 ? (parseJson(answer.text) as UsersMe | null)?.data : undefined;
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
