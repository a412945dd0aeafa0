import { type IncomingMessage, type ServerResponse } from 'node:http';
import { findRoute, FakePlatformServer, PrefixScriptedFake, type RouteTable } from './fakePlatformServer';
import { creatorInfo, type FakeRequest, statusFetch, userInfo } from './tiktokFakeApi';
import { readBody, type ScriptedAnswer, sendApiError, sendScripted } from './tiktokFakeAnswers';
import { contentInit, videoInit } from './tiktokFakeInits';
import { revokeEndpoint, tokenEndpoint } from './tiktokFakeOAuth';
import { TikTokFakeState } from './tiktokFakeState';
import { uploadChunk } from './tiktokFakeUpload';

type Route = (state: TikTokFakeState, request: FakeRequest, response: ServerResponse) => void;

/** Method and path (no query) to handler; TikTok's paths end with a slash. */
const ROUTES: RouteTable<Route> = [
  ['POST', '/v2/oauth/token/', (s, r, res) => tokenEndpoint(s, r.message.headers['content-type'], r.body, res)],
  ['POST', '/v2/oauth/revoke/', (s, r, res) => revokeEndpoint(s, r.body, res)],
  ['GET', '/v2/user/info/', userInfo],
  ['POST', '/v2/post/publish/creator_info/query/', creatorInfo],
  ['POST', '/v2/post/publish/video/init/', videoInit],
  ['POST', '/v2/post/publish/content/init/', contentInit],
  ['PUT', '/video/', uploadChunk],
  ['POST', '/v2/post/publish/status/fetch/', statusFetch],
];

/**
 * A local stand-in for TikTok's Login Kit and Content Posting API, written from TikTok's
 * documentation: it checks method, path, token, scopes, bodies and chunk ranges as TikTok
 * would, answers in TikTok's shapes, keeps what it was sent, and can be told how to answer
 * the next matching request.
 */
export class TikTokFake extends PrefixScriptedFake<ScriptedAnswer> {
  readonly state = new TikTokFakeState();
  private constructor() {
    super();
  }

  static async start(): Promise<TikTokFake> {
    return FakePlatformServer.listen(new TikTokFake());
  }

  /** A code TikTok's consent screen would hand back to `redirectUri`. */
  issueCode(redirectUri: string, scopes: string[] = ['user.info.basic', 'user.info.profile', 'video.publish']): string {
    const code = `code-${this.state.next()}`;
    this.state.codes.set(code, { redirectUri, scopes });
    return code;
  }

  /** Tokens as a finished authorization would have them. */
  tokens(scopes: string[] = ['user.info.basic', 'user.info.profile', 'video.publish']): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(this.state.creator.openId, scopes);
  }

  protected async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', this.baseUrl);
    const body = await readBody(message);
    const method = message.method ?? 'GET';
    this.state.received.push({ method, path: url.pathname, query: url.searchParams, headers: message.headers, body });
    const scripted = this.scriptedAnswerFor(method, url.pathname);
    if (scripted) return sendScripted(response, scripted);
    const route = findRoute(ROUTES, method, url.pathname);
    if (!route) return sendApiError(response, 404, 'invalid_params', `No route for ${method} ${url.pathname}`);
    route(this.state, { message, url, body, base: this.baseUrl }, response);
  }
}
