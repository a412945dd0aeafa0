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
import { grantFromTokenAnswer, postTokenForm, RefreshTokenUpkeep } from '../kit/oauth2';
import { readFailure } from '../kit/outcomes';
import { asOAuth2, callYouTube, tokenEndpointOf, YOUTUBE_ERRORS, type YouTubeOptions, type YouTubeSettings, youTubeSettings } from './youTubeApi';
import { YouTubePublisher } from './youTubePublisher';
import { YouTubeReader } from './youTubeReader';
import { appOptions, oauthInstall } from '../kit/oauthInstall';

export type { YouTubeOptions } from './youTubeApi';

/** Google's access tokens live an hour; renewed five minutes ahead so an upload does not start on a dying one. */
const RENEW_AHEAD_MS = 5 * 60 * 1000;

/**
 * YouTube: Google's OAuth 2.0 code flow with PKCE and a refresh token that does not rotate,
 * resumable video uploads, comments, and the channel's uploads and comments read back.
 */
export class YouTubeConnector implements PlatformConnector {
  readonly platform: Platform = 'YOUTUBE';
  readonly authorization: YouTubeAuthorization;
  readonly tokens: RefreshTokenUpkeep;
  readonly publisher: YouTubePublisher;
  readonly reader: YouTubeReader;

  constructor(options: YouTubeOptions) {
    const settings = youTubeSettings(options);
    this.authorization = new YouTubeAuthorization(settings);
    this.tokens = new RefreshTokenUpkeep(settings, tokenEndpointOf(settings), RENEW_AHEAD_MS);
    this.publisher = new YouTubePublisher(settings);
    this.reader = new YouTubeReader(settings);
  }
}

/** Upload videos; list the account's channels, uploads and comments; comment on its videos. */
export const YOUTUBE_SCOPES = [
  'https://www.googleapis.com/auth/youtube.upload',
  'https://www.googleapis.com/auth/youtube.readonly',
  'https://www.googleapis.com/auth/youtube.force-ssl',
];

interface ChannelItem {
  id?: unknown;
  snippet?: { title?: unknown; customUrl?: unknown; thumbnails?: { default?: { url?: unknown } } };
}

/**
 * Google's web-server code flow with PKCE (S256) and the client secret. `access_type=offline`
 * with `prompt=consent` makes Google issue a refresh token on every consent, a reconnect too.
 */
export class YouTubeAuthorization implements OAuthAuthorization {
  readonly usesPkce = true;

  constructor(private readonly settings: YouTubeSettings) {}

  authorizationUrl(input: { state: string; codeChallenge: string | null; redirectUri: string }): string {
    return urlOf(this.settings.authBaseUrl, '/o/oauth2/v2/auth', {
      client_id: this.settings.clientId,
      redirect_uri: input.redirectUri,
      response_type: 'code',
      scope: YOUTUBE_SCOPES.join(' '),
      access_type: 'offline',
      prompt: 'consent',
      state: input.state,
      code_challenge: input.codeChallenge ?? undefined,
      code_challenge_method: input.codeChallenge === null ? undefined : 'S256',
    });
  }

  async exchangeCode(input: { code: string; codeVerifier: string | null; redirectUri: string }): Promise<GrantResult<PlatformGrant>> {
    const endpoint = tokenEndpointOf(this.settings);
    const form = {
      grant_type: 'authorization_code',
      code: input.code,
      redirect_uri: input.redirectUri,
      ...(input.codeVerifier === null ? {} : { code_verifier: input.codeVerifier }),
    };
    return grantFromTokenAnswer(await postTokenForm(this.settings, endpoint, form), this.settings.now(), null, endpoint);
  }

  /**
   * The grant's channel (`channels?part=snippet&mine=true`): the handle is its `customUrl`
   * (`@name`), or its title without one. One consent grants one channel (the person picks a
   * brand account on Google's screen); should Google list several, they are offered as `publishAs`.
   */
  async identify(grant: PlatformGrant): Promise<{ identity: AccountIdentity; publishAs: readonly PublishAs[] | null }> {
    const url = urlOf(this.settings.apiBaseUrl, '/youtube/v3/channels', { part: 'snippet', mine: true, maxResults: 50 });
    const answer = await callYouTube(this.settings, { method: 'GET', url, headers: bearer(asOAuth2(grant).accessToken) });
    const body = okJson(answer);
    if (body === null) throw new Error(`YouTube did not list the channels: ${readFailure(answer, YOUTUBE_ERRORS)}`);
    const channels = (Array.isArray(body.items) ? (body.items as ChannelItem[]) : []).flatMap(channelOf);
    const [first] = channels;
    if (first === undefined) throw new Error('This Google account has no YouTube channel: create one on YouTube, then connect again');
    const publishAs = channels.length > 1 ? channels.map((c) => ({ id: c.accountId, kind: 'channel' as const, name: c.displayName ?? c.accountId })) : null;
    return { identity: first, publishAs };
  }
}

function channelOf(item: ChannelItem): AccountIdentity[] {
  if (typeof item.id !== 'string') return [];
  const title = typeof item.snippet?.title === 'string' ? item.snippet.title : item.id;
  const custom = item.snippet?.customUrl;
  const avatar = item.snippet?.thumbnails?.default?.url;
  return [
    { accountId: item.id, handle: typeof custom === 'string' ? custom : title, displayName: title, avatarUrl: typeof avatar === 'string' ? avatar : null },
  ];
}

export function youtubeConnector(options: YouTubeOptions): YouTubeConnector {
  return new YouTubeConnector(options);
}

/** Configured by YOUTUBE_CLIENT_ID and YOUTUBE_CLIENT_SECRET; YOUTUBE_TOKEN_BASE_URL points tests at a fake of Google's token host. */
export const install = oauthInstall('YOUTUBE', (app, deps) => youtubeConnector(appOptions(app, deps)));
