import { type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { expect } from 'chai';
import request from 'supertest';
import { buildHttpServer } from '../../../config/httpServer';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const LIMIT = 20;
/** The client every request really comes from, as the proxy in front records it. */
const REAL_CLIENT = '203.0.113.7';

/** The real app in the real server on 127.0.0.1: the test plays the proxy in front of it. */
async function serve(trustProxy: string): Promise<{ t: TestApp; server: Server; url: string }> {
  const t = await startTestApp(await freshDatabaseEnv('sqlite'), { RATE_LIMIT_MAX: String(LIMIT), TRUST_PROXY: trustProxy });
  const server = buildHttpServer(t.composition);
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  return { t, server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

/** The statuses of requests without a credential (counted per client address), one per X-Forwarded-For. */
async function statuses(url: string, forwardedFor: (i: number) => string, count = 40): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await request(url).get('/openapi.json').set('X-Forwarded-For', forwardedFor(i))).status);
  return seen;
}

const tally = (seen: number[]) => ({ passed: seen.filter((s) => s === 200).length, limited: seen.filter((s) => s === 429).length });

/** A client inventing a new left-most address each time; the proxy appends the address it saw. */
const spoofed = (i: number) => `198.51.100.${i}, ${REAL_CLIENT}`;

describe('behind a proxy: the client address is the right-most untrusted X-Forwarded-For entry', () => {
  const cases: Array<[string, string, (i: number) => string]> = [
    ['TRUST_PROXY=1 (one proxy in front)', '1', spoofed],
    ['TRUST_PROXY=true (kept: one proxy)', 'true', spoofed],
    ['TRUST_PROXY listing the proxy address', '127.0.0.1', spoofed],
    // Two proxies: the outer one (10.1.2.3) appended the client, the inner one appended the outer.
    ['TRUST_PROXY listing two proxies, one by CIDR range', '127.0.0.1, 10.0.0.0/8', (i) => `198.51.100.${i}, ${REAL_CLIENT}, 10.1.2.3`],
    ['TRUST_PROXY=2 (two proxies in front)', '2', (i) => `198.51.100.${i}, ${REAL_CLIENT}, 10.1.2.3`],
  ];
  for (const [name, trustProxy, forwardedFor] of cases) {
    describe(name, () => {
      let served: Awaited<ReturnType<typeof serve>>;
      before(async () => {
        served = await serve(trustProxy);
      });
      after(async () => {
        served?.server.closeAllConnections();
        await new Promise((done) => served?.server.close(done));
        await served?.t.close();
      });

      it(`counts 40 requests with spoofed left-most entries against one client: exactly ${LIMIT} pass`, async () => {
        expect(tally(await statuses(served.url, forwardedFor))).to.deep.equal({ passed: LIMIT, limited: 40 - LIMIT });
      });

      it('counts two real clients behind the proxy apart', async () => {
        const others = await statuses(served.url, (i) => forwardedFor(i).replace(REAL_CLIENT, '192.0.2.55'), LIMIT);
        expect(tally(others)).to.deep.equal({ passed: LIMIT, limited: 0 });
      });
    });
  }

  describe('TRUST_PROXY=false (the default)', () => {
    let served: Awaited<ReturnType<typeof serve>>;
    before(async () => {
      served = await serve('false');
    });
    after(async () => {
      served?.server.closeAllConnections();
      await new Promise((done) => served?.server.close(done));
      await served?.t.close();
    });

    it('ignores X-Forwarded-For: 40 requests naming 40 different clients count against the socket address', async () => {
      expect(tally(await statuses(served.url, (i) => `198.51.100.${i}`))).to.deep.equal({ passed: LIMIT, limited: 40 - LIMIT });
    });
  });
});
