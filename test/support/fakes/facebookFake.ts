import { type IncomingMessage, type ServerResponse } from 'node:http';
import { FakePlatformServer, PrefixScriptedFake } from './fakePlatformServer';
import { type GraphFakeError, readBody, type ScriptedAnswer, sendError, sendScripted } from './facebookFakeAnswers';
import { type GraphRequest } from './facebookFakeAccess';
import { accounts, me, node } from './facebookFakeNodes';
import { accessToken, permissions, removeApp } from './facebookFakeOAuth';
import { comments, feed, photos, videos } from './facebookFakePublishing';
import { ALL_SCOPES, FacebookFakeState } from './facebookFakeState';

type Route = (state: FacebookFakeState, request: GraphRequest, id: string) => void | Promise<void>;

/** Method and path (after the version) to handler; checked in order; the first group is the node id. */
const ROUTES: ReadonlyArray<readonly [string, RegExp, Route]> = [
  ['GET', /^\/oauth\/access_token$/, accessToken],
  ['GET', /^\/me\/permissions$/, permissions],
  ['DELETE', /^\/me\/permissions$/, removeApp],
  ['GET', /^\/me$/, me],
  ['GET', /^\/me\/accounts$/, accounts],
  ['GET', /^\/(\d+)$/, node],
  ['POST', /^\/(\d+)\/feed$/, feed],
  ['POST', /^\/(\d+)\/photos$/, photos],
  ['POST', /^\/(\d+)\/videos$/, videos],
  ['POST', /^\/(\d+(?:_\d+)?)\/comments$/, comments],
];

export const GRAPH_VERSION_PATH = '/v25.0';

const UNKNOWN_PATH: GraphFakeError = { status: 400, type: 'GraphMethodException', code: 100, message: 'Unknown path components' };

function paramsOf(url: URL, contentType: string | undefined, body: Buffer): Record<string, unknown> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (body.length === 0) return params;
  if (contentType?.startsWith('application/json')) return { ...params, ...(JSON.parse(body.toString('utf8')) as Record<string, unknown>) };
  return { ...params, ...Object.fromEntries(new URLSearchParams(body.toString('utf8'))) };
}

/**
 * A local stand-in for Meta's Graph API (a versioned path, e.g. `/v25.0/me`), written from
 * Meta's documentation: it checks method, path, token and parameters as Meta would, fetches
 * the media URLs it is given, answers in Meta's shapes (errors as `{error: {…}}`), keeps what
 * it was sent, and can be told how to answer the next matching request.
 */
export class FacebookFake extends PrefixScriptedFake<ScriptedAnswer> {
  readonly state = new FacebookFakeState();
  private constructor() {
    super();
  }

  static async start(): Promise<FacebookFake> {
    return FakePlatformServer.listen(new FacebookFake());
  }

  /** The Graph API base, version included. */
  get apiBaseUrl(): string {
    return this.url(GRAPH_VERSION_PATH);
  }

  /** A code the Login dialog would hand back to `redirectUri`, with what the person granted. */
  issueCode(redirectUri: string, granted: string[] = ALL_SCOPES): string {
    const code = `AQDcode${this.state.next()}`;
    this.state.codes.set(code, { redirectUri, granted });
    return code;
  }

  protected async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', 'http://graph.local');
    const method = message.method ?? 'GET';
    const params = paramsOf(url, message.headers['content-type'], await readBody(message));
    if (!url.pathname.startsWith(`${GRAPH_VERSION_PATH}/`)) return sendError(response, UNKNOWN_PATH);
    const path = url.pathname.slice(GRAPH_VERSION_PATH.length);
    this.state.received.push({ method, path, query: url.searchParams, headers: message.headers, params });
    const bearer = /^Bearer (.+)$/.exec(message.headers.authorization ?? '')?.[1] ?? null;
    const token = bearer ?? (typeof params.access_token === 'string' ? params.access_token : null);
    const scripted = this.scriptedAnswerFor(method, path);
    if (scripted) return sendScripted(response, scripted);
    for (const [routeMethod, pattern, route] of ROUTES) {
      const match = routeMethod === method ? pattern.exec(path) : null;
      if (match) return void (await route(this.state, { method, path, params, token, response }, match[1] ?? ''));
    }
    sendError(response, UNKNOWN_PATH);
  }
}
