import { expect } from 'chai';
import { authorizedFetch } from '../../../adapters/inbound/mcpBridge/authorizedFetch';
import { ApiKeyBearer } from '../../../application/mcpBridge/ApiKeyBearer';
import { ApiKeyRefused } from '../../../application/mcpBridge/bridgeErrors';
import { BridgeKit } from '../mcpBridge/bridgeKit';

/** The README's placeholder pasted as is: `dsk_` and U+2026, which no HTTP header can carry. */
const PLACEHOLDER = 'dsk_…';
const REASON = 'invalid_token: the token has characters no token has (letters, digits and -._~+/ only): was a placeholder such as dsk_… pasted as is?';

describe('MCP stdio bridge: a key with characters no token has (DISPATCH_API_KEY=dsk_… pasted as is)', () => {
  describe('its fetch', () => {
    const sent: string[] = [];
    const base = async (_url: string | URL, init?: RequestInit) => {
      sent.push(new Headers(init?.headers).get('Authorization') ?? '');
      return new Response('{}', { status: 200 });
    };
    beforeEach(() => {
      sent.length = 0;
    });

    it('refuses the API key as the service refuses such a token (ApiKeyRefused, invalid_token), sending nothing, not a TypeError of fetch', async () => {
      const fetchAs = authorizedFetch(new ApiKeyBearer('http://127.0.0.1:9', PLACEHOLDER), base);
      let error: unknown;
      try {
        await fetchAs('http://127.0.0.1:9/mcp', { method: 'POST' });
      } catch (caught) {
        error = caught;
      }
      expect(error).to.be.instanceOf(ApiKeyRefused);
      expect((error as ApiKeyRefused).reason).to.equal(REASON);
      expect(sent).to.deep.equal([]);
    });

    it('asks a renewable bearer for another token, as after a 401, and sends that one', async () => {
      const reasons: string[] = [];
      const bearer = {
        current: async () => 'bad token',
        rejected: async (_token: string, reason: string) => {
          reasons.push(reason);
          return 'good-token';
        },
      };
      const answer = await authorizedFetch(bearer, base)('http://127.0.0.1:9/mcp', { method: 'POST' });
      expect(answer.status).to.equal(200);
      expect(reasons).to.deep.equal([REASON]);
      expect(sent).to.deep.equal(['Bearer good-token']);
    });
  });

  describe('the bridge process', function () {
    this.timeout(120_000);
    let kit: BridgeKit;
    before(async () => {
      kit = await BridgeKit.start();
    });
    after(async () => {
      await kit?.stop();
    });

    it("prints docs/agents.md's line for a refused key, with the service's own words for such a token: exit 1, nothing on stdout", async () => {
      const answer = await fetch(`${kit.baseUrl}/v1/me/workspaces`, { headers: { Authorization: 'Bearer dsk_"quoted"' } });
      const service = ((await answer.json()) as { error: { code: string; message: string } }).error;
      expect(`${service.code}: ${service.message}`).to.equal(REASON);
      const run = await kit.run(['--url', kit.baseUrl], { DISPATCH_API_KEY: PLACEHOLDER });
      expect(run.code).to.equal(1);
      expect(run.stdout).to.equal('');
      expect(run.stderr).to.equal(`dispatch-mcp: ${kit.baseUrl} refused the API key (${REASON}): check DISPATCH_API_KEY, or ask for a new key\n`);
    });
  });
});
