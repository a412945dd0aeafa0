import { type IncomingMessage, type ServerResponse } from 'node:http';
import { FakePlatformServer, PrefixScriptedFake } from './fakePlatformServer';
import { EXPIRED_TOKEN, INVALID_TOKEN, invalidParameter, sendJson, sendMetaError, sendScripted, type ThreadsScripted } from './threadsFakeAnswers';
import { createContainer, publishContainer, readObject } from './threadsFakeContainers';
import { exchangeCode, exchangeForLongLived, refreshLongLived } from './threadsFakeOAuth';
import { type ContainerState, type FakeThreadsToken, ThreadsFakeState } from './threadsFakeState';

export const THREADS_SCOPES = ['threads_basic', 'threads_content_publish', 'threads_manage_replies'];

/**
 * A local stand-in for Threads' OAuth and Graph endpoints, written from Meta's documentation:
 * it checks method, path, token and parameters as Threads would, answers in Meta's shapes
 * (`{error: {message, type, code, error_subcode, fbtrace_id}}`), keeps what it was sent, and
 * can be told how to answer the next matching request.
 */
export class ThreadsFake extends PrefixScriptedFake<ThreadsScripted> {
  readonly state = new ThreadsFakeState();
  private constructor() {
    super();
  }

  static async start(): Promise<ThreadsFake> {
    return FakePlatformServer.listen(new ThreadsFake());
  }

  /** A code Threads' consent screen would hand back to `redirectUri`. */
  issueCode(redirectUri: string, scopes: string[] = THREADS_SCOPES): string {
    const code = `AQD${this.state.next()}#_`;
    this.state.codes.set(code, { redirectUri, scopes });
    return code;
  }

  /** A long-lived token as a finished connection would have it, `ageMs` old. */
  longLivedToken(ageMs = 0, scopes: string[] = THREADS_SCOPES): string {
    return this.state.issue('long', scopes, ageMs);
  }

  /** Threads finishes (or fails) processing a container. */
  settle(containerId: string, status: ContainerState, errorMessage: string | null = null): void {
    const container = this.state.containers.get(containerId);
    if (!container) throw new Error(`no container ${containerId}`);
    container.status = status;
    container.errorMessage = errorMessage;
  }

  protected async handle(message: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(message.url ?? '/', this.baseUrl);
    const chunks: Buffer[] = [];
    for await (const chunk of message) chunks.push(chunk as Buffer);
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
    const params = { ...Object.fromEntries(url.searchParams), ...form };
    const method = message.method ?? 'GET';
    this.state.received.push({ method, path: url.pathname, params, headers: message.headers });
    const scripted = this.scriptedAnswerFor(method, url.pathname);
    if (scripted) return sendScripted(response, scripted);
    this.route(method, url.pathname, params, message, response);
  }

  private route(method: string, path: string, params: Record<string, string>, message: IncomingMessage, response: ServerResponse) {
    const s = this.state;
    if (method === 'POST' && path === '/oauth/access_token') return exchangeCode(s, params, message.headers['content-type'], response);
    if (method === 'GET' && path === '/access_token') return exchangeForLongLived(s, params, response);
    if (method === 'GET' && path === '/refresh_access_token') return refreshLongLived(s, params, response);
    const graph = /^\/v1\.0\/(.+)$/.exec(path)?.[1];
    if (!graph) return invalidParameter(response, `Unknown path components: ${path}`);
    const token = this.tokenOf(params, message, response);
    if (!token) return;
    if (method === 'GET' && graph === 'me') {
      const { id, username, name, picture } = s.user;
      return sendJson(response, 200, { id, username, name, threads_profile_picture_url: picture });
    }
    if (method === 'POST' && graph === 'me/threads') return createContainer(s, token, params, response);
    if (method === 'POST' && graph === 'me/threads_publish') return publishContainer(s, token, params, response);
    if (method === 'GET' && /^\d+$/.test(graph)) return readObject(s, token, graph, params, response);
    invalidParameter(response, `Unsupported ${method} request: ${path}`);
  }

  /** The user's token from `access_token` (query or form) or `Authorization: Bearer`, answering 190 itself when it is not good. */
  private tokenOf(params: Record<string, string>, message: IncomingMessage, response: ServerResponse): FakeThreadsToken | null {
    const value = params.access_token ?? /^Bearer (.+)$/.exec(message.headers.authorization ?? '')?.[1];
    const token = value ? this.state.tokens.get(value) : undefined;
    if (!token || token.invalid) sendMetaError(response, INVALID_TOKEN);
    else if (token.expiresAt <= this.state.now) sendMetaError(response, EXPIRED_TOKEN);
    else return token;
    return null;
  }
}
