import { type IncomingMessage, type ServerResponse } from 'node:http';
import { LocalHttpServer } from '../localHttpServer';
import { readBody, type ScriptedXAnswer, sendProblem, sendScripted } from './twitterFakeAnswers';
import { appendUpload, finalizeUpload, initializeUpload, uploadSimple, uploadStatus } from './twitterFakeMedia';
import { mediaMetadata } from './twitterFakeMetadata';
import { consent, revokeEndpoint, tokenEndpoint } from './twitterFakeOAuth';
import { TwitterFakeState } from './twitterFakeState';
import { createTweet, type FakeXRequest, usersMe } from './twitterFakeTweets';

type Route = (state: TwitterFakeState, request: FakeXRequest, response: ServerResponse) => void;

/** Method and path (no query) to handler; checked in order. */
const ROUTES: ReadonlyArray<readonly [string, RegExp, Route]> = [
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
export class TwitterFake {
  readonly state = new TwitterFakeState();
  private readonly scripted: Array<{ route: string; answer: ScriptedXAnswer }> = [];

  private constructor(private server: LocalHttpServer | null) {}

  static async start(): Promise<TwitterFake> {
    const fake = new TwitterFake(null);
    fake.server = await LocalHttpServer.start('127.0.0.1', (request, response) => void fake.handle(request, response));
    return fake;
  }

  get baseUrl(): string {
    return (this.server as LocalHttpServer).url('').replace(/\/$/, '');
  }

  /** Answer the next request whose method and path start with `route` (`'POST /2/tweets'`) with `answer`. */
  answerNext(route: string, answer: ScriptedXAnswer): void {
    this.scripted.push({ route, answer });
  }

  /** The owner consents at `authorizeUrl`: X checks it and hands back a code for its redirect URI. */
  consent(authorizeUrl: string): { code: string; state: string; redirectUri: string } {
    return consent(this.state, authorizeUrl);
  }

  /** Tokens as a finished authorization would have them. */
  tokens(scopes = ['tweet.read', 'tweet.write', 'users.read', 'offline.access', 'media.write']): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(this.state.user.id, scopes);
  }

  requestsTo(method: string, path: string): number {
    return this.state.received.filter((r) => r.method === method && r.path === path).length;
  }

  async stop(): Promise<void> {
    await this.server?.stop();
  }

  private async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', this.baseUrl);
    const body = await readBody(message);
    const method = message.method ?? 'GET';
    this.state.received.push({ method, path: url.pathname, query: url.searchParams, headers: message.headers, body });
    const scripted = this.scripted.findIndex((s) => `${method} ${url.pathname}`.startsWith(s.route));
    if (scripted >= 0) return sendScripted(response, this.scripted.splice(scripted, 1)[0].answer);
    const route = ROUTES.find(([m, path]) => m === method && path.test(url.pathname));
    if (!route) return sendProblem(response, 404, 'Not Found Error', `No route for ${method} ${url.pathname}`);
    route[2](this.state, { message, url, body }, response);
  }
}
