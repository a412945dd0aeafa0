import { type IncomingMessage, type ServerResponse } from 'node:http';
import supertest from 'supertest';
import { type Wiring } from '../../../config/Wiring';
import { TOKENS } from '../../../config/tokens';
import { type Scope } from '../../../domain/credential/Scope';
import { type ClientGrant } from '../../../domain/oauth/OAuthClient';
import { OWNER_EMAIL } from '../data/people';
import { group, targetOn } from '../data/posts';
import { type DatabaseKind, serverFor } from '../databases';
import { type FixedClock } from '../fixedClock';
import { LocalHttpServer } from '../localHttpServer';
import { api } from '../openapi';
import { requireServer } from '../services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../testApp';
import { Browser } from './browser';

export interface OAuthServiceOptions {
  readonly kind?: DatabaseKind;
  /** The database the service opens (DATABASE_URL, DATA_DIR), when a test made it (one the admin CLI wrote); a fresh one of `kind` otherwise. */
  readonly database?: Record<string, string>;
  /** The injected clock, which moves only when the test says so; the real clock when absent. */
  readonly clock?: FixedClock;
  /** Settings beside the database's; BASE_URL is the service's own address unless given here. */
  readonly env?: Record<string, string>;
  readonly replace?: (wiring: Wiring) => void;
}

export interface ClientOptions {
  readonly name?: string;
  /** device_code and refresh_token unless told. */
  readonly grants?: readonly ClientGrant[];
  /** None unless told (a code-flow client: `service.webApp.redirectUri`). */
  readonly redirectUris?: readonly string[];
  /** posts:read and posts:write unless told. */
  readonly scopes?: readonly Scope[];
  readonly confidential?: boolean;
}

/** What the JSON API answered a bearer request with. */
export interface ApiAnswer {
  readonly status: number;
  readonly body: Record<string, unknown>;
}

/** A web app's page on the loopback: its /callback is the code flow's redirect URI; it notes every URL it is sent to. */
export class WebApp {
  readonly callbacks: string[] = [];

  private constructor(private readonly server: LocalHttpServer) {}

  static async start(): Promise<WebApp> {
    let app: WebApp | null = null;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => {
      app!.callbacks.push(new URL(request.url ?? '/', server.url('')).href);
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(`<!doctype html><title>Web app</title><h1>Back at the web app</h1><p>${request.url?.length ?? 0} characters came back</p>`);
    });
    app = new WebApp(server);
    return app;
  }

  get redirectUri(): string {
    return this.server.url('/callback');
  }

  /** How many requests the web app has had (its redirect URI is the only page it serves). */
  get requests(): number {
    return this.server.requests;
  }

  /** The last URL the web app was sent to. */
  get lastCallback(): URL {
    return new URL(this.callbacks.at(-1)!);
  }

  stop(): Promise<void> {
    return this.server.stop();
  }
}

/**
 * The OAuth server as clients and people meet it: the real composition (startTestApp) listening
 * on 127.0.0.1, BASE_URL that address (so discovery and issuer checks hold), on SQLite or
 * MariaDB, with the real clock or an injected one, and a web app on the loopback whose /callback
 * clients may register as their redirect URI.
 */
export class OAuthService {
  private constructor(
    readonly t: TestApp,
    private readonly server: LocalHttpServer,
    readonly webApp: WebApp,
    private readonly injectedClock: FixedClock | undefined,
  ) {}

  static async start(ctx: Mocha.Context, options: OAuthServiceOptions = {}): Promise<OAuthService> {
    const kind = options.kind ?? 'sqlite';
    const needed = serverFor(kind);
    if (needed) await requireServer(ctx, needed);
    let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => handle?.(request, response));
    const webApp = await WebApp.start();
    const t = await startTestApp(
      options.database ?? (await freshDatabaseEnv(kind)),
      { BASE_URL: server.url(''), ...options.env },
      {
        replace: (w) => {
          if (options.clock) w.replace(TOKENS.Clock, options.clock);
          options.replace?.(w);
        },
      },
    );
    handle = t.app.callback();
    return new OAuthService(t, server, webApp, options.clock);
  }

  /** The injected clock (only for a service started with one). */
  get clock(): FixedClock {
    if (this.injectedClock === undefined) throw new Error('this service runs on the real clock: start it with { clock }');
    return this.injectedClock;
  }

  /** BASE_URL, as the service was configured. */
  get baseUrl(): string {
    return this.t.config.http.baseUrl;
  }

  get issuer(): string {
    return this.t.config.oauth.issuer;
  }

  /** The MCP server's resource (tokens for it have this audience). */
  get mcpUrl(): string {
    return `${this.baseUrl}/mcp`;
  }

  /** Where the service actually listens (the same as BASE_URL unless a test configured another). */
  get address(): string {
    return this.server.url('');
  }

  /** Registers a client as the operator does (the real use case); the secret of a confidential one. */
  async registerClient(clientId: string, options: ClientOptions = {}): Promise<string | null> {
    const { secret } = await this.t.composition.get(TOKENS.ManageClients).register({
      clientId,
      name: options.name ?? `The ${clientId}`,
      redirectUris: [...(options.redirectUris ?? [])],
      grants: [...(options.grants ?? ['device_code', 'refresh_token'])],
      scopes: [...(options.scopes ?? ['posts:read', 'posts:write'])],
      confidential: options.confidential ?? false,
    });
    return secret;
  }

  /** A public client of the code flow (PKCE) and refresh, redirecting to the web app's /callback. */
  registerWebClient(
    clientId: string,
    scopes?: readonly Scope[],
    grants: readonly ClientGrant[] = ['authorization_code', 'refresh_token'],
  ): Promise<string | null> {
    return this.registerClient(clientId, { grants, scopes, redirectUris: [this.webApp.redirectUri] });
  }

  /** A person owning two workspaces (OWNER_EMAIL unless told): the one a test grants, and another never granted. */
  async givenOwner(email = OWNER_EMAIL, names: readonly [string, string] = ['Main', 'Side']): Promise<{ userId: string; ws: string; sideWs: string }> {
    const userId = await this.t.given.user(email);
    const ws = await this.t.given.workspace(email, names[0]);
    const sideWs = await this.t.given.workspace(email, names[1]);
    return { userId, ws, sideWs };
  }

  /** A browser of its own (an empty cookie jar) on the service's pages. */
  browser(): Browser {
    return new Browser(this.address);
  }

  /** A browser signed in as `email` (OWNER_EMAIL unless told). */
  async signedIn(email = OWNER_EMAIL): Promise<Browser> {
    const browser = this.browser();
    await browser.signIn(email);
    return browser;
  }

  /** The service over supertest: the form endpoints (/oauth/*) as a client posts to them, answers read raw. */
  get form() {
    return supertest(this.t.app.callback());
  }

  /** The JSON API over supertest, each answer checked against the OpenAPI document. */
  get api() {
    return api(this.t.app);
  }

  /** A call to the JSON API over the network with `token` as the bearer credential. */
  async bearer(method: string, path: string, token: string, body?: unknown): Promise<ApiAnswer> {
    const response = await fetch(new URL(path, this.address), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
  }

  /** POST /v1/workspaces/{workspaceId}/posts with `token`: a draft on the Twitter connection `connectionId`. */
  createDraft(token: string, workspaceId: string, connectionId: string): Promise<ApiAnswer> {
    return this.bearer('POST', `/v1/workspaces/${workspaceId}/posts`, token, { groups: [group()], targets: [targetOn(connectionId, 'TWITTER')] });
  }

  /** The status the API answers `token` with (GET /v1/me/workspaces). */
  async apiStatus(token: string): Promise<number> {
    return (await this.bearer('GET', '/v1/me/workspaces', token)).status;
  }

  async stop(): Promise<void> {
    await this.t.close();
    await this.server.stop();
    await this.webApp.stop();
  }
}

/** The path of an authorization request of the code flow (S256): `parameters` name the client, redirect URI, scope, state and challenge. */
export function authorizationPath(parameters: Record<string, string>): string {
  return `/oauth/authorize?${new URLSearchParams({ response_type: 'code', ...parameters, code_challenge_method: 'S256' })}`;
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
