import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type AccountIdentity, type OAuthAuthorization, type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { getThreads, graphGet, parseJson, postThreads } from './ThreadsHttp';
import { type ThreadsSettings } from './ThreadsOptions';
import { longLivedGrant, shortLivedToken } from './threadsTokenAnswer';
import { asOAuth2 } from './ThreadsTokens';

/** Publishing needs `threads_content_publish`; the later segments of a thread are replies (`threads_manage_replies`). */
export const THREADS_SCOPES = ['threads_basic', 'threads_content_publish', 'threads_manage_replies'];

/**
 * Threads' code flow with the app secret (no PKCE): the code gives a short-lived token (an
 * hour), exchanged at once for a long-lived one (`th_exchange_token`), which the grant keeps.
 */
export class ThreadsAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(private readonly settings: ThreadsSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    const url = new URL(`${this.settings.authBaseUrl}/oauth/authorize`);
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('scope', THREADS_SCOPES.join(','));
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('state', input.state);
    return url.toString();
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const short = shortLivedToken(
      await postThreads(this.settings, '/oauth/access_token', {
        client_id: this.settings.clientId,
        client_secret: this.settings.clientSecret,
        code: input.code,
        grant_type: 'authorization_code',
        redirect_uri: input.redirectUri,
      }),
    );
    if (!short.ok) return short;
    const answer = await getThreads(this.settings, '/access_token', {
      grant_type: 'th_exchange_token',
      client_secret: this.settings.clientSecret,
      access_token: short.accessToken,
    });
    return longLivedGrant(answer, this.settings.now(), THREADS_SCOPES, true);
  }

  /** `GET /me`: the profile the grant publishes as; Threads has no pages to choose from. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const fields = 'id,username,name,threads_profile_picture_url';
    const answer = await graphGet(this.settings, 'me', asOAuth2(grant).accessToken, { fields });
    const me = answer.kind === 'answered' && answer.status === 200 ? (parseJson(answer.text) as Record<string, unknown> | null) : null;
    if (typeof me?.id !== 'string' || typeof me.username !== 'string') {
      throw new Error(`Threads did not say whose profile this is: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
    }
    const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : null);
    return {
      identity: { accountId: me.id, handle: me.username, displayName: text(me.name), avatarUrl: text(me.threads_profile_picture_url) },
      publishAs: null,
    };
  }
}
