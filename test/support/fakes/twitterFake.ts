import { type IncomingMessage, type ServerResponse } from 'node:http';
import { findRoute, FakePlatformServer, PrefixScriptedFake, type RouteTable } from './fakePlatformServer';
import { readBody, type ScriptedXAnswer, sendProblem, sendScripted } from './twitterFakeAnswers';
import { appendUpload, finalizeUpload, initializeUpload, uploadSimple, uploadStatus } from './twitterFakeMedia';
import { mediaMetadata } from './twitterFakeMetadata';
import { consent, revokeEndpoint, tokenEndpoint } from './twitterFakeOAuth';
import { TwitterFakeState } from './twitterFakeState';
import { createTweet, type FakeXRequest, usersMe } from './twitterFakeTweets';

type Route = (state: TwitterFakeState, request: FakeXRequest, response: ServerResponse) => void;

/** Method and path (no query) to handler; checked in order. */
const ROUTES: RouteTable<Route> = [
  ['POST', /^\/2\/oauth2\/token$/, (s, r, res) => tokenEndpoint(s, r.message, r.body, res)],
  ['POST', /^\/2\/oauth2\/revoke$/, (s, r, res) => revokeEndpoint(s, r.message, r.body, res)],
  ['GET', /^\/2\/users\/me$/, usersMe],
  ['POST', /^\/2\/media\/upload$/, uploadSimple],
  ['GET', /^\/2\/media\/upload$/, uploadStatus],
  ['POST', /^\/2\/media\/upload\/initialize$/, initializeUpload],
  ['POST', /^\/2\/media\/upload\/\d+\/append$/, appendUpload],
  ['POST', /^\/2\/media\/upload\/\d+\/finalize$/, finalizeUpload],
  ['POST', /^\/2\/media\/metadata$/, mediaMetadata],
  ['POST', /^\/2\/tweets$/, createTweet],
];

/**
 * A local stand-in for X's OAuth 2.0 and v2 API, written from X's documentation: it checks
 * method, path, headers (Bearer, Basic at the token endpoint), bodies (JSON, form, multipart)
 * and the PKCE verifier as X would, answers in X's shapes, keeps what it was sent, and can be
 * told how to answer the next matching request.
 */
export class TwitterFake extends PrefixScriptedFake<ScriptedXAnswer> {
  readonly state = new TwitterFakeState();
  private constructor() {
    super();
  }

  static async start(): Promise<TwitterFake> {
    return FakePlatformServer.listen(new TwitterFake());
  }

  /** The owner consents at `authorizeUrl`: X checks it and hands back a code for its redirect URI. */
  consent(authorizeUrl: string): { code: string; state: string; redirectUri: string } {
    return consent(this.state, authorizeUrl);
  }

  /** Tokens as a finished authorization would have them. */
  tokens(scopes = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write']): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(this.state.user.id, scopes);
  }

  protected async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', this.baseUrl);
    const body = await readBody(message);
    const method = message.method ?? 'GET';
    this.state.received.push({ method, path: url.pathname, query: url.searchParams, headers: message.headers, body });
    const scripted = this.scriptedAnswerFor(method, url.pathname);
    if (scripted) return sendScripted(response, scripted);
    const route = findRoute(ROUTES, method, url.pathname);
    if (!route) return sendProblem(response, 404, 'Not Found Error', `No route for ${method} ${url.pathname}`);
    route(this.state, { message, url, body }, response);
  }
}
