import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import type * as client from 'openid-client';
import { type PublishingWorker } from '../../../adapters/inbound/worker/PublishingWorker';
import { buildPublishingWorker } from '../../../config/publishingWorker';
import { type Wiring } from '../../../config/Wiring';
import { type Scope } from '../../../domain/credential/Scope';
import { type DatabaseKind } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { type FixedClock } from '../../support/fixedClock';
import { type Browser } from '../../support/oauthKit/browser';
import { OpenIdClient } from '../../support/oauthKit/openidClient';
import { type ApiAnswer, OAuthService } from '../../support/oauthKit/service';
import { assertMatchesOpenApi } from '../../support/openapi';
import { type TestApp } from '../../support/testApp';

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
 * The service as an agent meets it (docs/agents.md): the OAuth kit's service (listening on
 * 127.0.0.1, BASE_URL that address), the agents registered by the operator, a person owning a
 * workspace with sandbox connections (Bluesky, Twitter) and another workspace, signed in at the
 * kit's browser; tokens from openid-client's device flow or code flow with PKCE, and the SDK's
 * MCP client.
 */
export class McpKit {
  private readonly clients: Client[] = [];
  private people = 0;

  private constructor(
    private readonly service: OAuthService,
    private readonly worker: PublishingWorker | null,
    readonly userId: string,
    readonly ws: string,
    readonly sideWs: string,
    readonly conn: { readonly BLUESKY: string; readonly TWITTER: string },
  ) {}

  static async start(ctx: Mocha.Context, options: McpKitOptions = {}): Promise<McpKit> {
    const service = await OAuthService.start(ctx, options);
    const { t } = service;
    const { userId, ws, sideWs } = await service.givenOwner();
    const conn = {
      BLUESKY: await t.given.connection(ws, 'BLUESKY', 'sandbox-bluesky', true),
      TWITTER: await t.given.connection(ws, 'TWITTER', 'sandbox-twitter', true),
    };
    await service.registerClient(AGENT_CLIENT, { name: 'MCP agent', scopes: AGENT_SCOPES });
    await service.registerClient(DESKTOP_CLIENT, {
      name: 'MCP desktop',
      redirectUris: [service.webApp.redirectUri],
      grants: ['authorization_code', 'refresh_token'],
      scopes: AGENT_SCOPES,
    });
    const worker = options.worker ? buildPublishingWorker(t.composition, 20) : null;
    worker?.start();
    return new McpKit(service, worker, userId, ws, sideWs, conn);
  }

  get t(): TestApp {
    return this.service.t;
  }

  get baseUrl(): string {
    return this.service.baseUrl;
  }

  get mcpUrl(): string {
    return this.service.mcpUrl;
  }

  /** openid-client's discovery of this server, for a public client. */
  async discover(clientId: string): Promise<client.Configuration> {
    return (await OpenIdClient.discover(this.service, clientId)).config;
  }

  /**
   * A person at a browser, signed in: an owner of the workspace. Each token the device flow gets
   * has a person of its own (the approval page's limits are per person).
   */
  async person(): Promise<Browser> {
    this.people += 1;
    const email = this.people === 1 ? OWNER_EMAIL : `agent-owner${this.people}@example.com`;
    if (this.people > 1) {
      await this.t.given.user(email);
      await this.t.given.member(this.ws, email, 'owner');
    }
    return this.service.signedIn(email);
  }

  /**
   * Tokens by the device flow (RFC 8628) with openid-client, `resource` the MCP server unless
   * told otherwise (null: none named, the API's): the person approves the workspace, then the
   * agent polls.
   */
  async deviceTokens(scopes: readonly Scope[], resource: string | null = this.mcpUrl): Promise<client.TokenEndpointResponse> {
    const agent = await OpenIdClient.discover(this.service, AGENT_CLIENT);
    return agent.deviceFlow(await this.person(), { workspaceId: this.ws, scope: scopes.join(' '), resource: resource ?? undefined });
  }

  /** Tokens by the code flow with PKCE (openid-client), for the MCP server: `resource` on the authorization and the token request. */
  async codeTokens(scopes: readonly Scope[]): Promise<client.TokenEndpointResponse> {
    const desktop = await OpenIdClient.discover(this.service, DESKTOP_CLIENT);
    return (await desktop.codeFlow(await this.person(), { workspaceId: this.ws, scope: scopes.join(' '), resource: this.mcpUrl })).tokens;
  }

  /** A refresh at the token endpoint, as the agent would (openid-client). */
  async refresh(refreshToken: string, clientId = AGENT_CLIENT): Promise<client.TokenEndpointResponse> {
    return (await OpenIdClient.discover(this.service, clientId)).refresh(refreshToken);
  }

  /** Revokes a token's family at the revocation endpoint, as the agent would (RFC 7009). */
  async revoke(token: string, clientId = AGENT_CLIENT): Promise<void> {
    return (await OpenIdClient.discover(this.service, clientId)).revoke(token);
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
  api(method: string, path: string, token: string, body?: unknown): Promise<ApiAnswer> {
    return this.service.bearer(method, path, token, body);
  }

  async stop(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.close().catch(() => undefined)));
    if (this.worker !== null) await this.worker.stop(5000);
    await this.service.stop();
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
