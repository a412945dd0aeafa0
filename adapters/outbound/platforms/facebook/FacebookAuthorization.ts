import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import { type AccountIdentity, type OAuthAuthorization, type PublishAs } from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { grantFailure } from './facebookErrors';
import { graphGet, okBody } from './FacebookHttp';
import { type FacebookSettings } from './FacebookOptions';
import { pagesOf } from './facebookPages';
import { asOAuth2, longLivedGrant, userToken } from './facebookUserTokens';

/** List the Pages, publish as them, and read what was published (docs/platforms.md). */
export const FACEBOOK_SCOPES = ['pages_show_list', 'pages_manage_posts', 'pages_read_engagement'];
const NEEDED_TO_PUBLISH = ['pages_show_list', 'pages_manage_posts'];

/** Facebook Login's code flow for a web app, authenticated with the app secret (no PKCE). */
export class FacebookAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(private readonly settings: FacebookSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    const url = new URL(`${this.settings.authBaseUrl}/dialog/oauth`);
    url.searchParams.set('client_id', this.settings.clientId);
    url.searchParams.set('redirect_uri', input.redirectUri);
    url.searchParams.set('state', input.state);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('scope', FACEBOOK_SCOPES.join(','));
    return url.toString();
  }

  /**
   * The code becomes a short-lived user token, exchanged at once for a long-lived one; its
   * scopes are the permissions the person actually granted (they may untick some).
   */
  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const short = await userToken(this.settings, { redirect_uri: input.redirectUri, code: input.code });
    if (!short.ok) return short;
    const answer = await graphGet(this.settings, '/me/permissions', short.token);
    const permissions = okBody<{ data?: Array<{ permission?: unknown; status?: unknown }> }>(answer)?.data;
    if (!Array.isArray(permissions)) return { ok: false, failure: grantFailure(answer) };
    const granted = permissions.filter((p) => p.status === 'granted' && typeof p.permission === 'string').map((p) => p.permission as string);
    const missing = NEEDED_TO_PUBLISH.filter((scope) => !granted.includes(scope));
    if (missing.length > 0) {
      return { ok: false, failure: { kind: 'reconnect', reason: `Facebook: ${missing.join(', ')} not granted; connect again and allow them` } };
    }
    return longLivedGrant(this.settings, short.token, granted);
  }

  /** The person (`GET /me`) and the Pages they may publish to (`GET /me/accounts`); a connection publishes as one of them. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const { accessToken } = asOAuth2(grant);
    const answer = await graphGet(this.settings, '/me', accessToken, { fields: 'id,name,picture' });
    const me = okBody<{ id?: unknown; name?: unknown; picture?: { data?: { url?: unknown } } }>(answer);
    if (typeof me?.id !== 'string') throw new Error(`Facebook did not say who the person is: ${describeAnswer(answer)}`);
    const name = typeof me.name === 'string' ? me.name : null;
    const picture = me.picture?.data?.url;
    const identity = { accountId: me.id, handle: name ?? me.id, displayName: name, avatarUrl: typeof picture === 'string' ? picture : null };
    const pages = await pagesOf(this.settings, accessToken);
    return { identity, publishAs: pages.length > 0 ? pages : null };
  }
}

function describeAnswer(answer: Awaited<ReturnType<typeof graphGet>>): string {
  return answer.kind === 'answered' ? `${answer.status} ${answer.text.slice(0, 200)}` : answer.reason;
}
