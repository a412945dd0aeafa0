import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { expect } from 'chai';
import { compose } from '../../../config/container';
import { loadConfig } from '../../../config/env';
import { TOKENS as T } from '../../../config/tokens';
import { FixedClock } from '../../support/fixedClock';

/** A token endpoint that grants every code a token for two hours. */
async function tokenEndpoint(): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({ access_token: 'access', refresh_token: 'refresh', token_type: 'bearer', expires_in: 7200, scope: 'tweet.read users.read' }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe("the configured connectors run on the service's clock", () => {
  it("a grant's expiry is counted from the service's Clock, not the wall clock", async () => {
    const endpoint = await tokenEndpoint();
    const clock = new FixedClock('2031-03-04T05:06:07.000Z');
    const config = loadConfig({ LOG_LEVEL: 'silent', TWITTER_CLIENT_ID: 'app', TWITTER_CLIENT_SECRET: 'secret', TWITTER_API_BASE_URL: endpoint.url });
    const composition = await compose(config, { persistence: 'memory', replace: (w) => w.replace(T.Clock, clock) });
    try {
      const twitter = composition.get(T.ConfiguredConnectors).connectors.find((connector) => connector.platform === 'TWITTER');
      const exchanged = await twitter!.authorization!.exchangeCode({ code: 'code', codeVerifier: 'verifier', redirectUri: 'https://dispatch.test/callback' });
      expect(exchanged.ok && exchanged.grant.kind === 'oauth2' ? exchanged.grant.accessExpiresAt?.toISOString() : exchanged).to.equal(
        '2031-03-04T07:06:07.000Z',
      );
    } finally {
      await composition.close();
      await endpoint.close();
    }
  });
});
