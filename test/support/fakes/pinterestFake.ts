import { type IncomingMessage, type ServerResponse } from 'node:http';
import { findRoute, FakePlatformServer, PrefixScriptedFake, type RouteTable } from './fakePlatformServer';
import { readBody, type ScriptedAnswer, sendError, sendScripted } from './pinterestFakeAnswers';
import { mediaStatus, registerMedia, uploadForm } from './pinterestFakeMedia';
import { tokenEndpoint } from './pinterestFakeOAuth';
import { createPin } from './pinterestFakePins';
import { type FakeRequest, listBoards, userAccount } from './pinterestFakeRest';
import { PinterestFakeState } from './pinterestFakeState';

type Route = (state: PinterestFakeState, request: FakeRequest, response: ServerResponse) => void | Promise<void>;

/** Method and path (no query) to handler; checked in order. */
const ROUTES: RouteTable<Route> = [
  ['POST', /^\/v5\/oauth\/token$/, (s, r, res) => tokenEndpoint(s, r.message, r.body, res)],
  ['GET', /^\/v5\/user_account$/, userAccount],
  ['GET', /^\/v5\/boards$/, listBoards],
  ['POST', /^\/v5\/media$/, registerMedia],
  ['POST', /^\/pinterest-media-upload$/, uploadForm],
  ['GET', /^\/v5\/media\/[^/]+$/, mediaStatus],
  ['POST', /^\/v5\/pins$/, createPin],
];

/**
 * A local stand-in for Pinterest's API v5 and the storage its video uploads go to, written
 * from Pinterest's documentation: it checks method, path, credentials and bodies as Pinterest
 * would, fetches the image links it is given, answers in Pinterest's shapes, keeps what it was
 * sent, and can be told how to answer the next matching request.
 */
export class PinterestFake extends PrefixScriptedFake<ScriptedAnswer> {
  readonly state = new PinterestFakeState();
  private constructor() {
    super();
  }

  static async start(): Promise<PinterestFake> {
    return FakePlatformServer.listen(new PinterestFake());
  }

  /** A code Pinterest's consent screen would hand back to `redirectUri`. */
  issueCode(redirectUri: string, scopes: string[] = ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read']): string {
    const code = `pinc_${this.state.next()}`;
    this.state.codes.set(code, { redirectUri, scopes });
    return code;
  }

  /** Tokens as a finished authorization would have them. */
  tokens(scopes: string[] = ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read']): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(this.state.account.id, scopes);
  }

  expire(accessToken: string): void {
    const token = this.state.accessTokens.get(accessToken);
    if (token) token.expired = true;
  }

  protected async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', this.baseUrl);
    const body = await readBody(message);
    const method = message.method ?? 'GET';
    this.state.received.push({ method, path: url.pathname, query: url.searchParams, headers: message.headers, body });
    const scripted = this.scriptedAnswerFor(method, url.pathname);
    if (scripted) return sendScripted(response, scripted);
    const route = findRoute(ROUTES, method, url.pathname);
    if (!route) return sendError(response, { status: 404, code: 404, message: `No route for ${method} ${url.pathname}` });
    await route(this.state, { message, url, body, base: this.baseUrl }, response);
  }
}
