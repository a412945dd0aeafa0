import { type IncomingMessage, type ServerResponse } from 'node:http';
import { findRoute, FakePlatformServer, type RouteTable } from './fakePlatformServer';
import { readBody, type ScriptedAnswer, sendGoogleError, sendScripted } from './youtubeFakeAnswers';
import { channels, type FakeRequest, insertCommentThread, videos } from './youtubeFakeApi';
import { revokeEndpoint, tokenEndpoint } from './youtubeFakeOAuth';
import { ALL_SCOPES, YouTubeFakeState } from './youtubeFakeState';
import { keepBytes, startSession, uploadChunk } from './youtubeFakeUploads';

type Route = (state: YouTubeFakeState, request: FakeRequest, response: ServerResponse) => void;

const ROUTES: RouteTable<Route> = [
  ['POST', '/token', (s, r, res) => tokenEndpoint(s, r.message.headers['content-type'], r.body, res)],
  ['POST', '/revoke', (s, r, res) => revokeEndpoint(s, r.body, res)],
  ['GET', '/youtube/v3/channels', channels],
  ['GET', '/youtube/v3/videos', videos],
  ['POST', '/youtube/v3/commentThreads', insertCommentThread],
  ['POST', '/upload/youtube/v3/videos', startSession],
  ['PUT', '/upload/youtube/v3/videos', uploadChunk],
];

/** A response nobody reads: what the fake did stays done, its answer is lost. */
const SWALLOWED = { writeHead: () => SWALLOWED, setHeader: () => SWALLOWED, end: () => SWALLOWED };

type Scripted = { route: string; answer: ScriptedAnswer; when: (request: FakeRequest) => boolean };

/**
 * A local stand-in for Google's OAuth endpoints and the YouTube Data API, written from Google's
 * documentation: it checks method, path, token, headers, bodies and the resumable protocol's
 * byte ranges as Google would, answers in Google's shapes, and can be told how to answer.
 */
export class YouTubeFake extends FakePlatformServer<Scripted> {
  readonly state = new YouTubeFakeState();
  private constructor() {
    super();
  }

  static async start(): Promise<YouTubeFake> {
    return FakePlatformServer.listen(new YouTubeFake());
  }

  /** Answer the next request to `route` (`'PUT /upload/youtube/v3/videos'`) that `when` accepts with `answer`. */
  answerNext(route: string, answer: ScriptedAnswer, when: (request: FakeRequest) => boolean = () => true): void {
    this.script({ route, answer, when });
  }

  /** A code Google's consent screen would hand back to `redirectUri`. */
  issueCode(redirectUri: string, codeChallenge: string | null, scopes: string[] = ALL_SCOPES): string {
    const code = `4/0Ab-code-${this.state.next()}`;
    this.state.codes.set(code, { redirectUri, codeChallenge, scopes });
    return code;
  }

  tokens(scopes: string[] = ALL_SCOPES): { accessToken: string; refreshToken: string } {
    return this.state.issueTokens(scopes);
  }

  protected async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', this.baseUrl);
    const body = await readBody(message);
    const method = message.method ?? 'GET';
    const request = { message, url, body, base: this.baseUrl };
    this.state.received.push({ method, path: url.pathname, query: url.searchParams, headers: message.headers, body });
    const scripted = this.takeScripted((s) => s.route === `${method} ${url.pathname}` && s.when(request));
    if (scripted) return this.answerScripted(request, response, scripted.answer);
    this.route(request, response);
  }

  private route(request: FakeRequest, response: ServerResponse) {
    const method = request.message.method ?? 'GET';
    const route = findRoute(ROUTES, method, request.url.pathname);
    if (!route) return sendGoogleError(response, 404, 'notFound', `No route for ${method} ${request.url.pathname}`, 'global');
    route(this.state, request, response);
  }

  /** A dropped upload keeps the bytes Google had persisted before the connection went. */
  private answerScripted(request: FakeRequest, response: ServerResponse, answer: ScriptedAnswer) {
    const session = this.state.sessions.get(request.url.searchParams.get('upload_id') ?? '');
    if (answer.kind === 'drop' && answer.keepBytes && session) keepBytes(this.state, session, request.body.subarray(0, answer.keepBytes));
    if (answer.kind === 'serverErrorAfterHandling') this.route(request, SWALLOWED as unknown as ServerResponse);
    sendScripted(request.message, response, answer);
  }
}
