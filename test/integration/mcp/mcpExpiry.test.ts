import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'chai';
import { decodeJwt } from 'jose';
import { FixedClock } from '../../support/fixedClock';
import { documented, McpKit } from './mcpKit';

const INITIALIZE = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
};

/**
 * An expired access token (the clock injected, as the OAuth tests do): the MCP server answers 401
 * with the challenge naming its metadata, so the agent refreshes; the refreshed token, still for
 * the MCP resource, works again.
 */
describe('MCP server: an expired access token', function () {
  this.timeout(60_000);
  const clock = new FixedClock(new Date());
  let kit: McpKit;

  before(async function () {
    kit = await McpKit.start(this, { clock });
  });
  after(async () => kit?.stop());

  it('works until exp, then gets 401 invalid_token with resource_metadata; a refresh gets a working token for the same resource', async () => {
    const tokens = await kit.deviceTokens(['posts:read']);
    const { exp, iat } = decodeJwt(tokens.access_token);
    expect(exp! - iat!).to.equal(600);
    const mcp = await kit.connect(tokens.access_token);
    expect((await mcp.listTools()).tools.map((t) => t.name)).to.include('list_posts');

    clock.advanceSeconds(599);
    expect((await kit.post(tokens.access_token, INITIALIZE)).status).to.equal(200);
    clock.advanceSeconds(2);
    const answer = await documented(await kit.post(tokens.access_token, INITIALIZE));
    expect(answer.status).to.equal(401);
    expect(answer.headers['www-authenticate']).to.equal(
      `Bearer realm="dispatch", resource_metadata="${kit.baseUrl}/.well-known/oauth-protected-resource/mcp", error="invalid_token", error_description="the token is not valid or has expired"`,
    );
    expect(String(await mcp.listTools().catch((e: unknown) => e))).to.match(/401|Unauthorized/i);

    const refreshed = await kit.refresh(tokens.refresh_token!);
    expect(decodeJwt(refreshed.access_token).aud).to.equal(kit.mcpUrl);
    expect((await (await kit.connect(refreshed.access_token)).listTools()).tools).to.not.be.empty;
  });
});
