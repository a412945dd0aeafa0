import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type AccountIdentity, type OAuthAuthorization, type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { myChannels } from './youTubeChannels';
import { callGoogle, FORM_BODY } from './YouTubeHttp';
import { type YouTubeSettings } from './YouTubeOptions';
import { grantFromTokenAnswer } from './youTubeTokenAnswer';
import { asOAuth2 } from './YouTubeTokens';

/** Upload videos, list the account's channels, comment on its videos. */
export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];

/**
 * Google's web-server code flow with PKCE (S256) and the client secret. `access_type=offline`
 * with `prompt=consent` makes Google issue a refresh token on every consent, a reconnect too.
 */
export class YouTubeAuthorization implements OAuthAuthorization {
  readonly usesPkce = true;

  constructor(private readonly settings: YouTubeSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    const url = new URL(`${this.settings.authBaseUrl}/o/oauth2/v2/auth`);
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', YOUTUBE_SCOPES.join(' '));
    url.searchParams.set('access_type', 'offline');
    url.searchParams.set('prompt', 'consent');
    url.searchParams.set('state', input.state);
    if (input.codeChallenge !== null) {
      url.searchParams.set('code_challenge', input.codeChallenge);
      url.searchParams.set('code_challenge_method', 'S256');
    }
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const body = new URLSearchParams({
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      client_id: this.settings.clientId,
      client_secret: this.settings.clientSecret,
      ...(input.codeVerifier === null ? {} : { code_verifier: input.codeVerifier }),
    });
    const url = `${this.settings.tokenBaseUrl}/token`;
    const answer = await callGoogle(this.settings, { method: 'POST', url, headers: FORM_BODY, body: body.toString() });
    return grantFromTokenAnswer(answer, this.settings.now(), null);
  }

  /**
   * The grant's channel (`channels?part=snippet&mine=true`). One consent grants one channel
   * (the person picks a brand account on Google's screen); should Google list several, they
   * are offered as `publishAs`.
   */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const channels = await myChannels(this.settings, asOAuth2(grant).accessToken);
    const [first] = channels;
    const identity: AccountIdentity = { accountId: first.id, handle: first.handle, displayName: first.title, avatarUrl: first.avatarUrl };
    const publishAs = channels.length > 1 ? channels.map((c) => ({ id: c.id, kind: 'channel' as const, name: c.title })) : null;
    return { identity, publishAs };
  }
}
