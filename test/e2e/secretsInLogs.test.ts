import { expect } from 'chai';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { awaitOutput, linesOf, startServiceProcess } from '../support/serviceProcess';

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
/** A JWT's shape, as a session or OAuth token has it (never a valid one). */
const JWT = 'eyJhbGciOiJFUzI1NiIsInR5cCI6InNlc3Npb24rand0In0.eyJzdWIiOiIwMUFSWjNOREVLVFNWNFJSRkZRNjlHNUZBViJ9.c2lnbmF0dXJlLW9mLWEtc2Vzc2lvbg';

/** A port nothing listens on: bound by the system, then released. */
async function closedPort(): Promise<number> {
  const server = net.createServer().listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function eventually(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 100) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const expectJsonLines = (output: string, stream: string) => {
  for (const line of linesOf(output)) expect(() => JSON.parse(line), `${stream}: ${line}`).not.to.throw();
};

describe('secrets stay out of the logs, and the data files are private (docs/decisions.md, "Logs", "Files")', function () {
  this.timeout(60_000);
  let root: string;
  let dataDir: string;

  before(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-secrets-'));
    // Not made yet: the service creates it.
    dataDir = path.join(root, 'data');
  });
  after(() => fs.rmSync(root, { recursive: true, force: true }));

  it('keeps every secret out of a logged run, writes only JSON on stdout, the banner on stderr, and logs Redis errors as JSON', async () => {
    const first = await startServiceProcess({ DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'debug' });
    let key: string;
    let password: string;
    try {
      key = (await awaitOutput(first.stderr, /API key:\s+(dsk_[A-Za-z0-9_-]+)/))[1]!;
      password = /Owner sign-in:\s+\S+\s+\/\s+(\S+)/.exec(first.stderr())![1]!;

      expect(modeOf(dataDir), 'the data directory').to.equal('700');
      for (const file of ['dispatch.sqlite', 'dispatch.sqlite-wal', 'dispatch.sqlite-shm', 'secret.key']) {
        expect(modeOf(path.join(dataDir, file)), file).to.equal('600');
      }

      const me = await fetch(`${first.baseUrl}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });
      expect(me.status).to.equal(200);
      const inQuery = await fetch(`${first.baseUrl}/v1/me?access_token=${key}&token=${JWT}&code=${key}`);
      expect(inQuery.status).to.equal(401);
      expect((await fetch(`${first.baseUrl}/v1/keys/${key}/${JWT}`, { headers: { Authorization: `Bearer ${key}` } })).status).to.equal(404);
      for (const id of [key, JWT]) {
        const echoed = await fetch(`${first.baseUrl}/v1/me`, { headers: { Authorization: `Bearer ${key}`, 'X-Request-Id': id } });
        expect(echoed.headers.get('x-request-id'), 'a request id carrying a secret is replaced').to.be.a('string').and.not.equal(id);
      }
      await fetch(`${first.baseUrl}/v1/me`, { headers: { Authorization: `Bearer ${JWT}` } });
    } finally {
      await first.stop();
    }

    const second = await startServiceProcess({ DATA_DIR: dataDir, RATE_LIMIT_STORE: 'redis', REDIS_URL: `redis://127.0.0.1:${await closedPort()}` });
    try {
      const refused = await fetch(`${second.baseUrl}/v1/me`, { headers: { Authorization: `Bearer ${key}` } });
      expect(refused.status, 'the rate limiter cannot count').to.equal(503);
      await eventually(() => second.stderr().includes('redis unreachable'), "the Redis client's error in the log");
    } finally {
      await second.stop();
    }

    const banner = linesOf(first.stderr()).filter((line) => !line.startsWith('{'));
    expect(banner.join('\n')).to.include('first start').and.include(key).and.include(password);
    expectJsonLines(first.stdout(), 'stdout');
    expectJsonLines(second.stdout(), 'stdout');
    expectJsonLines(second.stderr(), 'stderr');
    expect(linesOf(first.stdout()).map((line) => JSON.parse(line).message)).to.include('request');
    expect(second.stderr()).not.to.include('[ioredis]');

    const logs = [first.stdout(), ...linesOf(first.stderr()).filter((line) => line.startsWith('{')), second.stdout(), second.stderr()].join('\n');
    expect(logs).to.include('[redacted]');
    for (const secret of [key, password, JWT, key.slice(4), JWT.split('.')[1]!]) expect(logs, 'a secret in the logs').not.to.include(secret);
  });
});
