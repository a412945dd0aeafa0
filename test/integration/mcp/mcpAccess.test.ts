import { type CallToolResult, LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { type Scope } from '../../../domain/credential/Scope';
import { AGENT_CLIENT, DESKTOP_CLIENT, documented, McpKit, refusal, structured } from './mcpKit';

const READ_TOOLS = ['list_workspaces', 'get_post', 'list_posts', 'list_target_attempts', 'get_media'];
const WRITE_TOOLS = ['create_post', 'update_post', 'publish_post', 'retry_target'];
const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};
const METADATA_CHALLENGE = /^Bearer realm="dispatch", resource_metadata="(http:\/\/127\.0\.0\.1:\d+\/\.well-known\/oauth-protected-resource\/mcp)"/;

/**
 * The MCP server as a protected resource of its own (docs/agents.md): what a token's scopes show
 * and allow, tokens bound to their resource (RFC 8707) both ways, revocation at once, API keys,
 * the 401 and the RFC 9728 metadata, each answer held to the OpenAPI document.
 */
describe('MCP server: scopes, resource binding, revocation and API keys', function () {
  this.timeout(60_000);
  let kit: McpKit;

  before(async function () {
    kit = await McpKit.start(this);
  });
  after(async () => kit?.stop());

  const toolNames = async (token: string) => (await (await kit.connect(token)).listTools()).tools.map((t) => t.name);

  describe('tools/list shows only what the scopes allow', () => {
    const cases: [Scope[], string[]][] = [
      [['posts:read'], READ_TOOLS],
      [
        ['posts:read', 'posts:write', 'accounts:read'],
        [...READ_TOOLS, ...WRITE_TOOLS, 'list_connections'],
      ],
      [
        ['posts:read', 'posts:write', 'accounts:read', 'media:write', 'reviews:write', 'stats:read'],
        [...READ_TOOLS, ...WRITE_TOOLS, 'list_connections', 'review_post', 'import_media', 'get_post_metrics'],
      ],
    ];
    for (const [scopes, tools] of cases) {
      it(`${scopes.join(' ')}: ${tools.length} tools`, async () => {
        const tokens = await kit.deviceTokens(scopes);
        expect(tokens.scope?.split(' ')).to.have.members(scopes);
        expect(await toolNames(tokens.access_token)).to.have.members(tools);
      });
    }
  });

  describe('with a token for posts:read only', () => {
    let token: string;
    before(async () => {
      token = (await kit.deviceTokens(['posts:read'])).access_token;
    });

    it('create_post, not listed, is refused for the missing scope with the API error body', async () => {
      const mcp = await kit.connect(token);
      const result = (await mcp.callTool({ name: 'create_post', arguments: { groups: [], targets: [] } })) as CallToolResult;
      const error = refusal(result);
      expect(error).to.include({ code: 'insufficient_scope', message: 'this operation needs the posts:write scope' });
      expect((result.content[0] as { text: string }).text).to.equal('insufficient_scope: this operation needs the posts:write scope');
      expect((result.structuredContent as { error: { type: string } }).error.type).to.equal('ForbiddenError');
    });

    it('a read tool works in its workspace, and is refused in another workspace of the same person', async () => {
      const mcp = await kit.connect(token);
      expect(structured(await mcp.callTool({ name: 'list_posts', arguments: {} }))).to.include({ total: 0 });
      expect(refusal(await mcp.callTool({ name: 'list_posts', arguments: { workspaceId: kit.sideWs } })).code).to.equal('workspace_not_allowed');
      expect(refusal(await mcp.callTool({ name: 'get_post', arguments: {} }))).to.deep.include({ code: 'invalid_arguments' });
    });

    it('an unknown tool is a JSON-RPC error', async () => {
      const mcp = await kit.connect(token);
      const error = await mcp.callTool({ name: 'delete_everything', arguments: {} }).catch((e: unknown) => e);
      expect(error).to.include({ code: -32602 });
    });
  });

  describe('tokens are bound to their resource (RFC 8707)', () => {
    it("a token for the API (no resource named) is refused at /mcp with 401 invalid_token and the MCP server's metadata", async () => {
      const tokens = await kit.deviceTokens(['posts:read'], null);
      expect(decodeJwt(tokens.access_token).aud).to.equal(kit.baseUrl);
      const answer = await documented(await kit.post(tokens.access_token, INITIALIZE));
      expect(answer.status).to.equal(401);
      const challenge = answer.headers['www-authenticate']!;
      expect(METADATA_CHALLENGE.exec(challenge)?.[1]).to.equal(`${kit.baseUrl}/.well-known/oauth-protected-resource/mcp`);
      expect(challenge).to.include('error="invalid_token"');
      expect((answer.body as { error: { code: string } }).error.code).to.equal('invalid_token');
      expect((answer.body as { error: { message: string } }).error.message).to.equal(
        `this access token was issued for the resource ${kit.baseUrl}, this one is ${kit.mcpUrl}: ask the authorization server for a token with resource=${kit.mcpUrl}`,
      );
      await kit.connect(tokens.access_token).then(
        () => expect.fail('the SDK client connected with a token for the API'),
        (error: unknown) => expect(String(error)).to.match(/401|Unauthorized/i),
      );
      // The same token works at the API it was issued for.
      expect((await kit.api('GET', '/v1/me/workspaces', tokens.access_token)).status).to.equal(200);
    });

    it('a token for the MCP server is refused at the API with 401 invalid_token', async () => {
      const tokens = await kit.deviceTokens(['posts:read']);
      const answer = await kit.api('GET', `/v1/workspaces/${kit.ws}/posts`, tokens.access_token);
      expect(answer.status).to.equal(401);
      expect((answer.body.error as { code: string }).code).to.equal('invalid_token');
      expect((answer.body.error as { message: string }).message).to.equal(
        `this access token was issued for the resource ${kit.mcpUrl}, this one is ${kit.baseUrl}: ask the authorization server for a token with resource=${kit.baseUrl}`,
      );
    });

    it('code + PKCE with resource=BASE_URL/mcp: the token is for the MCP server; a refresh keeps the resource, and may not change it', async () => {
      const tokens = await kit.codeTokens(['posts:read', 'posts:write']);
      expect(decodeJwt(tokens.access_token)).to.include({ aud: kit.mcpUrl, client_id: DESKTOP_CLIENT, workspace_id: kit.ws });
      expect(await toolNames(tokens.access_token)).to.include('create_post');
      const config = await kit.discover(DESKTOP_CLIENT);
      const refused = await client.refreshTokenGrant(config, tokens.refresh_token!, { resource: kit.baseUrl }).catch((e: unknown) => e);
      expect(refused).to.include({ error: 'invalid_target' });
      const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      expect(decodeJwt(refreshed.access_token).aud).to.equal(kit.mcpUrl);
      const again = await client.refreshTokenGrant(config, refreshed.refresh_token!, { resource: kit.mcpUrl });
      expect(decodeJwt(again.access_token).aud).to.equal(kit.mcpUrl);
      expect(await toolNames(again.access_token)).to.include('create_post');
    });

    it('a resource the service does not serve is invalid_target at device authorization', async () => {
      const config = await kit.discover(AGENT_CLIENT);
      const refused = await client.initiateDeviceAuthorization(config, { scope: 'posts:read', resource: `${kit.baseUrl}/elsewhere` }).catch((e: unknown) => e);
      expect(refused).to.include({ error: 'invalid_target' });
    });
  });

  describe('revocation', () => {
    it('a revoked family is refused at once: its access token gets 401 on the next request', async () => {
      const tokens = await kit.deviceTokens(['posts:read']);
      const mcp = await kit.connect(tokens.access_token);
      expect((await mcp.listTools()).tools).to.not.be.empty;
      await kit.revoke(tokens.refresh_token!);
      const answer = await documented(await kit.post(tokens.access_token, INITIALIZE));
      expect(answer.status).to.equal(401);
      expect(answer.headers['www-authenticate']).to.match(METADATA_CHALLENGE);
      const error = await mcp.listTools().catch((e: unknown) => e);
      expect(String(error)).to.match(/401|Unauthorized/i);
    });

    it('revoking the MCP access token itself revokes its family; introspection sees it for the MCP resource until then', async () => {
      const tokens = await kit.deviceTokens(['posts:read']);
      const config = await kit.discover(AGENT_CLIENT);
      expect(await client.tokenIntrospection(config, tokens.access_token)).to.include({ active: true, aud: kit.mcpUrl, client_id: AGENT_CLIENT });
      await kit.revoke(tokens.access_token);
      expect((await kit.post(tokens.access_token, INITIALIZE)).status).to.equal(401);
      expect(await client.tokenIntrospection(config, tokens.access_token)).to.include({ active: false });
    });
  });

  describe('API keys', () => {
    it('a key works at /mcp: its scopes decide the tools, and its workspace is the default', async () => {
      const key = await kit.apiKey(['posts:read', 'accounts:read']);
      const mcp = await kit.connect(key);
      expect((await mcp.listTools()).tools.map((t) => t.name)).to.have.members([...READ_TOOLS, 'list_connections']);
      expect(structured<{ total: number }>(await mcp.callTool({ name: 'list_connections', arguments: {} })).total).to.equal(2);
    });

    it('a revoked key is refused at once', async () => {
      const { id, key } = await kit.t.given.apiKey(kit.ws, 'owner@example.com', 'owner');
      expect((await kit.post(key, INITIALIZE)).status).to.equal(200);
      await kit.t.given.revokeApiKey(id);
      expect((await documented(await kit.post(key, INITIALIZE))).status).to.equal(401);
    });
  });

  describe('the HTTP surface', () => {
    it('without a credential: 401, a challenge naming the metadata and no error code; the metadata names the resource and our authorization server', async () => {
      const answer = await documented(await kit.post(null, INITIALIZE));
      expect(answer.status).to.equal(401);
      const url = METADATA_CHALLENGE.exec(answer.headers['www-authenticate']!)?.[1];
      expect(url).to.equal(`${kit.baseUrl}/.well-known/oauth-protected-resource/mcp`);
      expect(answer.headers['www-authenticate']).to.not.include('error=');
      const metadata = await documented(await fetch(url!), 'GET');
      expect(metadata.status).to.equal(200);
      expect(metadata.body).to.deep.include({
        resource: kit.mcpUrl,
        authorization_servers: [kit.baseUrl],
        bearer_methods_supported: ['header'],
        resource_name: 'Dispatch MCP server',
      });
      // The authorization server it names is discoverable, with the device and code flows and no registration endpoint.
      const server = (await (await fetch(`${kit.baseUrl}/.well-known/oauth-authorization-server`)).json()) as Record<string, unknown>;
      expect(server).to.include({ issuer: kit.baseUrl, device_authorization_endpoint: `${kit.baseUrl}/oauth/device/authorize` });
      expect(server).to.not.have.property('registration_endpoint');
      // The API's own metadata and challenge are unchanged.
      const api = await fetch(`${kit.baseUrl}/v1/me`);
      expect(api.headers.get('www-authenticate')).to.include(`resource_metadata="${kit.baseUrl}/.well-known/oauth-protected-resource"`);
    });

    it('answers initialize with the current protocol version in JSON, without a session; the transport refuses a bad Accept (406)', async () => {
      const key = await kit.apiKey();
      const answer = await documented(await kit.post(key, INITIALIZE));
      expect(answer.status).to.equal(200);
      expect(answer.headers['content-type']).to.match(/^application\/json/);
      expect(answer.headers).to.not.have.property('mcp-session-id');
      expect(answer.headers['cache-control']).to.equal('no-store');
      expect((answer.body as { result: { protocolVersion: string } }).result.protocolVersion).to.equal(LATEST_PROTOCOL_VERSION);
      const notAccepted = await fetch(kit.mcpUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json' },
        body: JSON.stringify(INITIALIZE),
      });
      expect((await documented(notAccepted)).status).to.equal(406);
    });

    it('a page of another origin is refused (403 origin_not_allowed); GET answers 405; a broken body 422', async () => {
      const key = await kit.apiKey();
      const foreign = await fetch(kit.mcpUrl, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${key}`,
          'Content-Type': 'application/json',
          Accept: 'application/json, text/event-stream',
          Origin: 'https://evil.example',
        },
        body: JSON.stringify(INITIALIZE),
      });
      const refused = await documented(foreign);
      expect([refused.status, (refused.body as { error: { code: string } }).error.code]).to.deep.equal([403, 'origin_not_allowed']);
      const get = await fetch(kit.mcpUrl, { headers: { Authorization: `Bearer ${key}`, Accept: 'text/event-stream' } });
      expect([get.status, get.headers.get('allow')]).to.deep.equal([405, 'POST']);
      const broken = await fetch(kit.mcpUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
        body: '{"jsonrpc": "2.0",',
      });
      expect((await documented(broken)).status).to.equal(422);
    });
  });
});
