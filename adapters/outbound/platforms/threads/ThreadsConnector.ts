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
import { asOAuth2, graphGet, graphJson, type ThreadsOptions, type ThreadsSettings, threadsSettings } from './threadsApi';
import { ThreadsPublisher } from './threadsPublisher';
import { INSIGHTS_SCOPE, READ_REPLIES_SCOPE, ThreadsReader } from './threadsReader';
import { exchangeCodeForLongLivedToken, ThreadsTokens } from './threadsTokens';
import { appOptions, oauthInstall } from '../kit/oauthInstall';

export type { ThreadsOptions } from './threadsApi';

/**
 * Publishing needs `threads_content_publish`; the later segments of a thread are replies
 * (`threads_manage_replies`), read back with `threads_read_replies` (asked for since issue 20);
 * a post's figures are its insights (`threads_manage_insights`, asked for since issue 22).
 * Connections made before either lack it until connected again.
 */
export const THREADS_SCOPES = ['threads_basic', 'threads_content_publish', 'threads_manage_replies', READ_REPLIES_SCOPE, INSIGHTS_SCOPE];

/**
 * Threads (Meta): code flow to a long-lived token refreshed in place, posts as containers,
 * threads as replies, the profile's recent posts and replies read back, and posts' insights.
 */
export class ThreadsConnector implements PlatformConnector {
  readonly platform: Platform = 'THREADS';
  readonly authorization: ThreadsAuthorization;
  readonly tokens: ThreadsTokens;
  readonly publisher: ThreadsPublisher;
  readonly reader: ThreadsReader;

  constructor(options: ThreadsOptions) {
    const settings = threadsSettings(options);
    this.authorization = new ThreadsAuthorization(settings);
    this.tokens = new ThreadsTokens(settings);
    this.publisher = new ThreadsPublisher(settings);
    this.reader = new ThreadsReader(settings);
  }
}

/**
 * Threads' code flow with the app secret (no PKCE): the code gives a short-lived token (an
 * hour), exchanged at once for a long-lived one, which the grant keeps.
 */
export class ThreadsAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(private readonly settings: ThreadsSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    return urlOf(this.settings.authBaseUrl, '/oauth/authorize', {
      client_id: this.settings.clientId,
      redirect_uri: input.redirectUri,
      scope: THREADS_SCOPES.join(','),
      response_type: 'code',
      state: input.state,
    });
  }

  exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    return exchangeCodeForLongLivedToken(this.settings, input, THREADS_SCOPES);
  }

  /** `GET /me`: the profile the grant publishes as; Threads has no pages to choose from. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const fields = 'id,username,name,threads_profile_picture_url';
    const answer = await graphGet(this.settings, 'me', asOAuth2(grant).accessToken, { fields });
    const me = graphJson(answer);
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

export function threadsConnector(options: ThreadsOptions): ThreadsConnector {
  return new ThreadsConnector(options);
}

/** Configured by THREADS_CLIENT_ID and THREADS_CLIENT_SECRET. */
export const install = oauthInstall('THREADS', (app, deps) => threadsConnector(appOptions(app, deps)));
