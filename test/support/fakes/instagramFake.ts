import { type IncomingMessage, type ServerResponse } from 'node:http';
import { FakePlatformServer, findRoute, type RouteTable } from './fakePlatformServer';
import { type MetaError, readBody, type ScriptedAnswer, sendMetaError, sendScripted } from './instagramFakeAnswers';
import { createContainer, type GraphRequest, me } from './instagramFakeGraph';
import { exchangeCode, exchangeForLongLived, refreshLongLived } from './instagramFakeOAuth';
import { createComment, mediaPublish, readNode } from './instagramFakePublish';
import { InstagramFakeState } from './instagramFakeState';

type GraphRoute = (state: InstagramFakeState, request: GraphRequest, response: ServerResponse) => void | Promise<void>;

/** Versioned Graph API routes: method and the path after `/v{N}.0/`. */
const GRAPH_ROUTES: RouteTable<GraphRoute> = [
  ['GET', /^me$/, me],
  ['POST', /^\d+\/media$/, createContainer],
  ['POST', /^\d+\/media_publish$/, mediaPublish],
  ['POST', /^\d+\/comments$/, createComment],
  ['GET', /^\d+$/, readNode],
];

export const ALL_SCOPES = ['instagram_business_basic', 'instagram_business_content_publish', 'instagram_business_manage_comments'];

/**
 * A local stand-in for Instagram's OAuth (api.instagram.com) and Graph API (graph.instagram.com),
 * written from Meta's documentation: it checks method, path, access_token and parameters as
 * Instagram would, fetches the media URLs it is given, answers in Meta's shapes, keeps what it
 * was sent, and can be told how to answer the next matching request.
 */
export class InstagramFake extends FakePlatformServer<{ method: string; pathEnd: string; answer: ScriptedAnswer }> {
  readonly state = new InstagramFakeState();
  private constructor() {
    super();
  }

  static async start(): Promise<InstagramFake> {
    return FakePlatformServer.listen(new InstagramFake());
  }

  /** Answer the next `method` request whose path ends with `pathEnd` (`'/media_publish'`) with `answer`. */
  answerNext(method: string, pathEnd: string, answer: ScriptedAnswer): void {
    this.script({ method, pathEnd, answer });
  }

  failNext(method: string, pathEnd: string, error: MetaError): void {
    this.answerNext(method, pathEnd, { kind: 'metaError', error });
  }

  /** A code Instagram's consent screen would hand back to `redirectUri`. */
  issueCode(redirectUri: string, scopes: string[] = ALL_SCOPES): string {
    const code = `AQBx-code-${this.state.nextId()}#_`;
    this.state.codes.set(code, { redirectUri, scopes });
    return code;
  }

  /** A long-lived token as a finished connection holds it. */
  longLivedToken(scopes: string[] = ALL_SCOPES): string {
    return this.state.issueToken('long', scopes);
  }

  expire(token: string): void {
    const known = this.state.tokens.get(token);
    if (known) known.expired = true;
  }

  override requestsTo(method: string, pathEnd: string): number {
    return this.state.received.filter((r) => r.method === method && r.path.endsWith(pathEnd)).length;
  }

  protected async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', this.baseUrl);
    const body = await readBody(message);
    const method = message.method ?? 'GET';
    const path = url.pathname;
    this.state.received.push({ method, path, query: url.searchParams, body });
    const scripted = this.takeScripted((s) => s.method === method && path.endsWith(s.pathEnd));
    if (scripted) return sendScripted(response, scripted.answer);
    if (method === 'POST' && path === '/oauth/access_token') return exchangeCode(this.state, message.headers['content-type'], body, response);
    if (method === 'GET' && path === '/access_token') return exchangeForLongLived(this.state, url.searchParams, response);
    if (method === 'GET' && path === '/refresh_access_token') return refreshLongLived(this.state, url.searchParams, response);
    const graphPath = /^\/v\d+\.\d+\/(.+)$/.exec(path)?.[1] ?? '';
    const route = findRoute(GRAPH_ROUTES, method, graphPath);
    if (!route) return sendMetaError(response, { status: 400, message: `Unknown path components: ${path}`, type: 'OAuthException', code: 2500 });
    await route(this.state, { query: url.searchParams, segments: graphPath.split('/') }, response);
  }
}
