import { type GrantResult } from '../../../../application/ports/platforms/GrantFailure';
import {
  type AccountIdentity,
  type OAuthAuthorization,
  type PlatformConnector,
  type PublishAs,
} from '../../../../application/ports/platforms/PlatformConnector';
import { type PlatformGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { type Platform } from '../../../../domain/platform/Platform';
import { bearer, okJson, urlOf } from '../kit/http';
import { grantFromTokenAnswer, postTokenForm } from '../kit/oauth2';
import { connectorSettings } from '../kit/settings';
import { asOAuth2, CONTINUOUS_REFRESH, callPinterest, type PinterestOptions, type PinterestSettings, PinterestTokens, tokenEndpointOf } from './pinterestApi';
import { PinterestPublisher } from './pinterestPublisher';
import { PinterestReader } from './pinterestReader';
import { appOptions, oauthInstall } from '../kit/oauthInstall';

export type { PinterestOptions } from './pinterestApi';

/**
 * Pinterest (API v5): OAuth 2.0 code flow with continuous refresh, pins to a board from images
 * or a video, and the account's recent pins read back.
 */
export class PinterestConnector implements PlatformConnector {
  readonly platform: Platform = 'PINTEREST';
  readonly authorization: PinterestAuthorization;
  readonly tokens: PinterestTokens;
  readonly publisher: PinterestPublisher;
  readonly reader: PinterestReader;

  constructor(options: PinterestOptions) {
    const addresses = { api: 'https://api.pinterest.com', auth: 'https://www.pinterest.com' };
    const settings = { ...connectorSettings(options, addresses), videoCheckSeconds: options.videoCheckSeconds ?? 15 };
    this.authorization = new PinterestAuthorization(settings);
    this.tokens = new PinterestTokens(settings);
    this.publisher = new PinterestPublisher(settings);
    this.reader = new PinterestReader(settings);
  }
}

/**
 * Comma separated, as Pinterest takes them: list boards, publish pins, read pins back, read the
 * account. Its description has `POST /v5/pins` need boards:write as well as boards:read,
 * pins:read and pins:write; `GET /v5/pins` needs boards:read and pins:read.
 */
export const PINTEREST_SCOPES = ['boards:read', 'boards:write', 'pins:read', 'pins:write', 'user_accounts:read'];

/** Enough pages of 250 boards for any real account, without following a bookmark forever. */
const MAX_BOARD_PAGES = 20;

/** Pinterest's code flow for a web app, the client authenticated with HTTP Basic (no PKCE). */
export class PinterestAuthorization implements OAuthAuthorization {
  readonly usesPkce = false;

  constructor(private readonly settings: PinterestSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    return urlOf(this.settings.authBaseUrl, '/oauth/', {
      client_id: this.settings.clientId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: PINTEREST_SCOPES.join(','),
      state: input.state,
    });
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const endpoint = tokenEndpointOf(this.settings);
    const form = { grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, ...CONTINUOUS_REFRESH };
    return grantFromTokenAnswer(await postTokenForm(this.settings, endpoint, form), this.settings.now(), null, endpoint);
  }

  /** The account (`GET /v5/user_account`) and its boards: a connection pins to one of them. */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const { accessToken } = asOAuth2(grant);
    const answer = await this.get(accessToken, '/v5/user_account');
    const account = okJson(answer) as { id?: unknown; username?: unknown; business_name?: unknown; profile_image?: unknown } | null;
    if (typeof account?.username !== 'string') {
      throw new Error(`Pinterest did not say whose account this is: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
    }
    const identity: AccountIdentity = {
      accountId: typeof account.id === 'string' ? account.id : account.username,
      handle: account.username,
      displayName: typeof account.business_name === 'string' && account.business_name.length > 0 ? account.business_name : null,
      avatarUrl: typeof account.profile_image === 'string' ? account.profile_image : null,
    };
    const boards = await this.boards(accessToken);
    return { identity, publishAs: boards.length > 0 ? boards : null };
  }

  /** The account's boards (`GET /v5/boards`, following `bookmark` from page to page). */
  private async boards(accessToken: string): Promise<PublishAs[]> {
    const boards: PublishAs[] = [];
    let bookmark: string | undefined;
    for (let page = 0; page < MAX_BOARD_PAGES; page += 1) {
      const answer = await this.get(accessToken, '/v5/boards', { page_size: 250, bookmark });
      const body = okJson(answer) as { items?: Array<{ id?: unknown; name?: unknown }>; bookmark?: unknown } | null;
      if (body === null) throw new Error(`Pinterest did not list the account's boards: ${answer.kind === 'answered' ? answer.status : answer.reason}`);
      for (const item of Array.isArray(body.items) ? body.items : []) {
        if (typeof item.id === 'string') boards.push({ id: item.id, kind: 'board', name: typeof item.name === 'string' ? item.name : `Board ${item.id}` });
      }
      bookmark = typeof body.bookmark === 'string' && body.bookmark.length > 0 ? body.bookmark : undefined;
      if (bookmark === undefined) break;
    }
    return boards;
  }

  private get(accessToken: string, path: string, query: Record<string, string | number | undefined> = {}) {
    return callPinterest(this.settings, { method: 'GET', url: urlOf(this.settings.apiBaseUrl, path, query), headers: bearer(accessToken) });
  }
}

export function pinterestConnector(options: PinterestOptions): PinterestConnector {
  return new PinterestConnector(options);
}

/** Configured by PINTEREST_CLIENT_ID and PINTEREST_CLIENT_SECRET. */
export const install = oauthInstall('PINTEREST', (app, deps) => pinterestConnector(appOptions(app, deps)));
