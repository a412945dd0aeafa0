import { type IncomingMessage, type ServerResponse } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import * as client from 'openid-client';
import { type PublishingWorker } from '../../../adapters/inbound/worker/PublishingWorker';
import { buildPublishingWorker } from '../../../config/publishingWorker';
import { TOKENS } from '../../../config/tokens';
import { type Wiring } from '../../../config/Wiring';
import { type Scope } from '../../../domain/credential/Scope';
import { type DatabaseKind, serverFor } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { type FixedClock } from '../../support/fixedClock';
import { LocalHttpServer } from '../../support/localHttpServer';
import { assertMatchesOpenApi } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { Person } from '../oauth/realClientsPerson';

/** An agent on a terminal: public, the device grant and refresh. */
export const AGENT_CLIENT = 'mcp-agent';
/** A desktop or web agent: public (PKCE), the code grant and refresh, a loopback redirect URI. */
export const DESKTOP_CLIENT = 'mcp-desktop';
/** Every scope the agents are registered for. */
export const AGENT_SCOPES: readonly Scope[] = [
  'posts:read',
  'posts:write',
  'accounts:read',
  'accounts:write',
  'media:write',
  'reviews:read',
  'reviews:write',
  'stats:read',
];

export interface McpKitOptions {
  readonly kind?: DatabaseKind;
  /** A clock the test moves (expiry); the real one otherwise. */
  readonly clock?: FixedClock;
  /** Runs the publishing worker in the test's process (the sandbox posts get published). */
  readonly worker?: boolean;
  readonly env?: Record<string, string>;
  readonly replace?: (wiring: Wiring) => void;
}

/**
 * The service as an agent meets it (docs/agents.md): listening on 127.0.0.1 with BASE_URL that
 * address, the agents registered by the operator, a person owning a workspace with sandbox
 * connections (Bluesky, Twitter) and another workspace, signed in at a cookie-jar browser; tokens
 * from openid-client's device flow or code flow with PKCE, and the SDK's MCP client.
 */
export class McpKit {
  private readonly clients: Client[] = [];
  private people = 0;

  private constructor(
    readonly t: TestApp,
    private readonly server: LocalHttpServer,
    private readonly callbackServer: LocalHttpServer,
    private readonly worker: PublishingWorker | null,
    readonly userId: string,
    readonly ws: string,
    readonly sideWs: string,
    readonly conn: { readonly BLUESKY: string; readonly TWITTER: string },
    private readonly callbacks: string[],
  ) {}

  static async start(ctx: Mocha.Context, options: McpKitOptions = {}): Promise<McpKit> {
    const kind = options.kind ?? 'sqlite';
    const needed = serverFor(kind);
    if (needed) await requireServer(ctx, needed);
    let handle: ((request: IncomingMessage, response: ServerResponse) => void) | null = null;
    const server = await LocalHttpServer.start('127.0.0.1', (request, response) => handle?.(request, response));
    const callbacks: string[] = [];
    const callbackServer = await LocalHttpServer.start('127.0.0.1', (request, response) => {
      callbacks.push(new URL(request.url ?? '/', `http://127.0.0.1:${callbackServer.port}`).href);
      response.end('signed in');
    });
    const t = await startTestApp(
      await freshDatabaseEnv(kind),
      { BASE_URL: server.url(''), ...options.env },
      {
        replace: (w) => {
          if (options.clock) w.replace(TOKENS.Clock, options.clock);
          options.replace?.(w);
        },
      },
    );
    handle = t.app.callback();
    const userId = await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL, 'Main');
    const sideWs = await t.given.workspace(OWNER_EMAIL, 'Side');
    const conn = {
      BLUESKY: await t.given.connection(ws, 'BLUESKY', 'sandbox-bluesky', true),
      TWITTER: await t.given.connection(ws, 'TWITTER', 'sandbox-twitter', true),
    };
    const clients = t.composition.get(TOKENS.ManageClients);
    await clients.register({
      clientId: AGENT_CLIENT,
      name: 'MCP agent',
      redirectUris: [],
      grants: ['device_code', 'refresh_token'],
      scopes: AGENT_SCOPES,
      confidential: false,
    });
    await clients.register({
      clientId: DESKTOP_CLIENT,
      name: 'MCP desktop',
      redirectUris: [callbackServer.url('/callback')],
      grants: ['authorization_code', 'refresh_token'],
      scopes: AGENT_SCOPES,
      confidential: false,
    });
    const worker = options.worker ? buildPublishingWorker(t.composition, 20) : null;
    worker?.start();
    return new McpKit(t, server, callbackServer, worker, userId, ws, sideWs, conn, callbacks);
  }

  get baseUrl(): string {
    return this.t.config.http.baseUrl;
  }

  get mcpUrl(): string {
    return `${this.baseUrl}/mcp`;
  }

  /** openid-client's discovery of this server, for a public client. */
  discover(clientId: string): Promise<client.Configuration> {
    return client.discovery(new URL(this.baseUrl), clientId, undefined, client.None(), { algorithm: 'oauth2', execute: [client.allowInsecureRequests] });
  }

  /**
   * A person at a browser, signed in: an owner of the workspace. Each token the device flow gets
   * has a person of its own, since a person may look up five user codes per 15 minutes.
   */
  async person(): Promise<Person> {
    this.people += 1;
    const email = this.people === 1 ? OWNER_EMAIL : `agent-owner${this.people}@example.com`;
    if (this.people > 1) {
      await this.t.given.user(email);
      await this.t.given.member(this.ws, email, 'owner');
    }
    const person = new Person(this.baseUrl, email);
    await person.signIn();
    return person;
  }

  /**
   * Tokens by the device flow (RFC 8628) with openid-client, `resource` the MCP server unless
   * told otherwise (null: none named, the API's): the person approves the workspace, then the
   * agent polls once.
   */
  async deviceTokens(scopes: readonly Scope[], resource: string | null = this.mcpUrl): Promise<client.TokenEndpointResponse> {
    const config = await this.discover(AGENT_CLIENT);
    const parameters: Record<string, string> = { scope: scopes.join(' ') };
    if (resource !== null) parameters.resource = resource;
    const started = await client.initiateDeviceAuthorization(config, parameters);
    const approved = await (await this.person()).approveDevice(started.verification_uri_complete!, this.ws);
    expect(approved.status, approved.html).to.equal(200);
    return client.pollDeviceAuthorizationGrant(config, { ...started, interval: 1 }, resource === null ? undefined : { resource });
  }

  /** Tokens by the code flow with PKCE (openid-client), for the MCP server: `resource` on the authorization and the token request. */
  async codeTokens(scopes: readonly Scope[]): Promise<client.TokenEndpointResponse> {
    const config = await this.discover(DESKTOP_CLIENT);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.callbackServer.url('/callback'),
      scope: scopes.join(' '),
      state,
      resource: this.mcpUrl,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
    });
    const finalized = await (await this.person()).consent(url.href, this.ws);
    expect(finalized.status, finalized.html).to.equal(303);
    expect((await fetch(finalized.location!)).status).to.equal(200);
    return client.authorizationCodeGrant(
      config,
      new URL(this.callbacks.at(-1)!),
      { pkceCodeVerifier: verifier, expectedState: state },
      { resource: this.mcpUrl },
    );
  }

  /** A refresh at the token endpoint, as the agent would (openid-client). */
  async refresh(refreshToken: string, clientId = AGENT_CLIENT): Promise<client.TokenEndpointResponse> {
    return client.refreshTokenGrant(await this.discover(clientId), refreshToken);
  }

  /** Revokes a token's family at the revocation endpoint, as the agent would (RFC 7009). */
  async revoke(token: string, clientId = AGENT_CLIENT): Promise<void> {
    await client.tokenRevocation(await this.discover(clientId), token);
  }

  /** An API key of the workspace's owner, with `scopes` (all of the role's when absent). */
  async apiKey(scopes?: Scope[]): Promise<string> {
    return (await this.t.given.apiKey(this.ws, OWNER_EMAIL, 'owner', scopes)).key;
  }

  /** The SDK's MCP client over Streamable HTTP, sending `token` as its bearer credential. */
  async connect(token: string): Promise<Client> {
    const mcp = new Client({ name: 'dispatch-tests', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(this.mcpUrl), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
    await mcp.connect(transport);
    this.clients.push(mcp);
    return mcp;
  }

  /** A raw POST to /mcp (a JSON-RPC message), for what the SDK's client hides: statuses and headers. */
  post(token: string | null, message: unknown): Promise<Response> {
    return fetch(this.mcpUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        ...(token === null ? {} : { Authorization: `Bearer ${token}` }),
      },
      body: JSON.stringify(message),
    });
  }

  /** A call to the JSON API with `token`. */
  async api(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await fetch(new URL(path, this.baseUrl), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>) };
  }

  async stop(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close().catch(() => undefined)));
    if (this.worker !== null) await this.worker.stop(5000);
    await this.t.close();
    await this.server.stop();
    await this.callbackServer.stop();
  }
}

/** A tool's structured content, the call having succeeded. */
export function structured<T = Record<string, unknown>>(result: CallToolResult | Record<string, unknown>): T {
  const r = result as CallToolResult;
  expect(r.isError ?? false, JSON.stringify(r.content)).to.equal(false);
  return r.structuredContent as T;
}

/** A tool's error body (the API's), the call having failed. */
export function refusal(result: CallToolResult | Record<string, unknown>): { code: string; message: string; details: { path: string; message: string }[] } {
  const r = result as CallToolResult;
  expect(r.isError, JSON.stringify(r.content)).to.equal(true);
  return (r.structuredContent as { error: { code: string; message: string; details: { path: string; message: string }[] } }).error;
}

/** A raw answer read whole, after checking it against the OpenAPI document (status, headers, body). */
export async function documented(response: Response, method = 'POST'): Promise<{ status: number; headers: Record<string, string>; body: unknown }> {
  const headers = Object.fromEntries(response.headers.entries());
  const text = await response.text();
  const body = text === '' ? undefined : (JSON.parse(text) as unknown);
  assertMatchesOpenApi(method, new URL(response.url).pathname, response.status, headers, body);
  return { status: response.status, headers, body };
}
