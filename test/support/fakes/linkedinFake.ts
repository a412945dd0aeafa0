import { type IncomingMessage, type ServerResponse } from 'node:http';
import { LocalHttpServer } from '../localHttpServer';
import { readBody, type ScriptedAnswer, sendError, sendScripted } from './linkedinFakeAnswers';
import { revokeEndpoint, tokenEndpoint } from './linkedinFakeOAuth';
import { createComment, createPost, type FakeRequest, initializeImageUpload, organization, organizationAcls, uploadImage, userinfo } from './linkedinFakeRest';
import { LinkedInFakeState } from './linkedinFakeState';
import { uploadVideoPart, videoAction, videoStatus } from './linkedinFakeVideos';

type Route = (state: LinkedInFakeState, request: FakeRequest, response: ServerResponse) => void;

/** Method and path (no query) to handler; checked in order. */
const ROUTES: ReadonlyArray<readonly [string, RegExp, Route]> = [
  ['POST', /^\/oauth\/v2\/accessToken$/, (s, r, res) => tokenEndpoint(s, r.message.headers['content-type'], r.body, res)],
  ['POST', /^\/oauth\/v2\/revoke$/, (s, r, res) => revokeEndpoint(s, r.body, res)],
  ['GET', /^\/v2\/userinfo$/, userinfo],
  ['GET', /^\/rest\/organizationAcls$/, organizationAcls],
  ['GET', /^\/rest\/organizations\/\d+$/, organization],
  ['POST', /^\/rest\/images$/, initializeImageUpload],
  ['PUT', /^\/dms-uploads\/\d+$/, uploadImage],
  ['POST', /^\/rest\/videos$/, videoAction],
  ['PUT', /^\/dms-uploads\/video\/\d+\/\d+$/, uploadVideoPart],
  ['GET', /^\/rest\/videos\/[^/]+$/, videoStatus],
  ['POST', /^\/rest\/posts$/, createPost],
  ['POST', /^\/rest\/socialActions\/[^/]+\/comments$/, createComment],
];

/**
 * A local stand-in for LinkedIn's OAuth and REST APIs, written from LinkedIn's documentation:
 * it checks method, path, headers, token and body as LinkedIn would, answers in LinkedIn's
 * shapes, keeps what it was sent, and can be told how to answer the next matching request.
 */
export class LinkedInFake {
  readonly state = new LinkedInFakeState();
  private readonly scripted: Array<{ route: string; answer: ScriptedAnswer }> = [];

  private constructor(private server: LocalHttpServer | null) {}

  static async start(): Promise<LinkedInFake> {
    const fake = new LinkedInFake(null);
    fake.server = await LocalHttpServer.start('127.0.0.1', (request, response) => void fake.handle(request, response));
    return fake;
  }

  get baseUrl(): string {
    return (this.server as LocalHttpServer).url('').replace(/\/$/, '');
  }

  /** Answer the next request whose method and path start with `route` (`'POST /rest/posts'`) with `answer`. */
  answerNext(route: string, answer: ScriptedAnswer): void {
    this.scripted.push({ route, answer });
  }

  /** A code LinkedIn's consent screen would hand back to `redirectUri`. */
  issueCode(redirectUri: string, scopes: string[] = ['openid', 'profile', 'w_member_social']): string {
    const code = `AQT-code-${this.state.next()}`;
    this.state.codes.set(code, { redirectUri, scopes });
    return code;
  }

  /** Tokens as a finished authorization would have them. */
  tokens(scopes: string[] = ['openid', 'profile', 'w_member_social']): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(this.state.member.sub, scopes);
  }

  expire(accessToken: string): void {
    const token = this.state.accessTokens.get(accessToken);
    if (token) token.expired = true;
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
    this.state.received.push({ method, path: url.pathname, headers: message.headers, body });
    const scripted = this.scripted.findIndex((s) => `${method} ${url.pathname}`.startsWith(s.route));
    if (scripted >= 0) return sendScripted(response, this.scripted.splice(scripted, 1)[0].answer);
    const route = ROUTES.find(([m, path]) => m === method && path.test(url.pathname));
    if (!route) return sendError(response, { status: 404, code: 'NOT_FOUND', message: `No route for ${method} ${url.pathname}` });
    route[2](this.state, { message, url, body, base: this.baseUrl }, response);
  }
}
