import { type IncomingMessage, type ServerResponse } from 'node:http';
import { findRoute, FakePlatformServer, PrefixScriptedFake, type RouteTable } from './fakePlatformServer';
import { readBody, type ScriptedAnswer, sendError, sendScripted } from './linkedinFakeAnswers';
import { revokeEndpoint, tokenEndpoint } from './linkedinFakeOAuth';
import { createComment, createPost, type FakeRequest, initializeImageUpload, organization, organizationAcls, uploadImage, userinfo } from './linkedinFakeRest';
import { LinkedInFakeState } from './linkedinFakeState';
import { uploadVideoPart, videoAction, videoStatus } from './linkedinFakeVideos';

type Route = (state: LinkedInFakeState, request: FakeRequest, response: ServerResponse) => void;

/** Method and path (no query) to handler; checked in order. */
const ROUTES: RouteTable<Route> = [
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
export class LinkedInFake extends PrefixScriptedFake<ScriptedAnswer> {
  readonly state = new LinkedInFakeState();
  private constructor() {
    super();
  }

  static async start(): Promise<LinkedInFake> {
    return FakePlatformServer.listen(new LinkedInFake());
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

  protected async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', this.baseUrl);
    const body = await readBody(message);
    const method = message.method ?? 'GET';
    this.state.received.push({ method, path: url.pathname, headers: message.headers, body });
    const scripted = this.scriptedAnswerFor(method, url.pathname);
    if (scripted) return sendScripted(response, scripted);
    const route = findRoute(ROUTES, method, url.pathname);
    if (!route) return sendError(response, { status: 404, code: 'NOT_FOUND', message: `No route for ${method} ${url.pathname}` });
    route(this.state, { message, url, body, base: this.baseUrl }, response);
  }
}
