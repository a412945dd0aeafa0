import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { awaitOutput, linesOf, type ServiceProcess, startServiceProcess } from '../support/serviceProcess';

const ROOT = path.resolve(__dirname, '../..');
const REFUSED = 'session token refused: issued for another base URL';

/** `npm run -s admin -- … --json` as a newcomer runs it in another terminal: DATA_DIR only, no PORT, no BASE_URL. */
async function admin(env: Record<string, string>, ...args: string[]) {
  const { PORT: _port, BASE_URL: _baseUrl, ...inherited } = process.env;
  // Not spawnSync: the event loop keeps running, so a keep-alive socket the service closed meanwhile is not reused.
  const { stdout } = await promisify(execFile)('npm', ['run', '-s', 'admin', '--', ...args, '--json'], { cwd: ROOT, env: { ...inherited, ...env } });
  return JSON.parse(stdout);
}

/** A port nobody listens on now: the service's, which the CLI is not told. */
function freePort(): Promise<number> {
  const probe = net.createServer();
  return new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

interface ErrorBody {
  readonly error: { readonly code: string; readonly message: string };
}

const audienceOf = (token: string): unknown => JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')).aud;

describe('session tokens from the operator CLI, the service on another PORT (issue 24, item 6)', function () {
  this.timeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-session-port-'));
  let service: ServiceProcess;
  let served: string;
  let issuedHere: string;
  let issuedElsewhere: string;
  const me = (token: string) => fetch(`${service.baseUrl}/v1/me`, { headers: { Authorization: `Bearer ${token}` } });

  before(async () => {
    const port = await freePort();
    served = `http://localhost:${port}`;
    // The first start makes owner@dispatch.local; BASE_URL is not set: PORT gives the service's.
    service = await startServiceProcess({ DATA_DIR: dataDir, PORT: String(port), BASE_URL: '', BOOTSTRAP: 'true', WORKER: 'off' });
    ({ token: issuedHere } = await admin({ DATA_DIR: dataDir }, 'session', 'issue', '--email', 'owner@dispatch.local'));
    // As the CLI issued them before: for the PORT it assumed, not the service's.
    ({ token: issuedElsewhere } = await admin({ DATA_DIR: dataDir, BASE_URL: 'http://localhost:3000' }, 'session', 'issue', '--email', 'owner@dispatch.local'));
  });
  after(async () => {
    await service?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('issues, without PORT, a token for the base URL the service serves, and the service accepts it', async () => {
    expect(audienceOf(issuedHere)).to.equal(served);
    const answer = await me(issuedHere);
    expect(answer.status, await answer.clone().text()).to.equal(200);
    expect(((await answer.json()) as { email: string }).email).to.equal('owner@dispatch.local');
  });

  it('refuses a token issued for another base URL, the 401 naming both and the way out, and logs why without the token', async () => {
    const answer = await me(issuedElsewhere);
    expect(answer.status).to.equal(401);
    const { error } = (await answer.json()) as ErrorBody;
    expect(error.code).to.equal('invalid_token');
    expect(error.message).to.equal(
      `this session token was issued for http://localhost:3000, this service is ${served}: ` +
        `issue it again with BASE_URL=${served} (npm run -s admin -- session issue)`,
    );
    expect(answer.headers.get('www-authenticate')).to.include(`error_description="${error.message}"`);

    await awaitOutput(service.stdout, /session token refused/);
    const refusals = linesOf(service.stdout())
      .filter((line) => line.includes(REFUSED))
      .map((line) => JSON.parse(line));
    expect(refusals.map(({ level, issuedFor, servedBy }) => ({ level, issuedFor, servedBy }))).to.deep.equal([
      { level: 'warn', issuedFor: 'http://localhost:3000', servedBy: served },
    ]);
    expect(service.stdout()).not.to.include(issuedElsewhere.split('.')[2]);
  });

  it('keeps the other refusals as they were: a token altered in transit is "not valid or has expired", and not logged as another base URL', async () => {
    const logged = linesOf(service.stdout()).filter((line) => line.includes(REFUSED)).length;
    // Altered, for this service or for another base URL: the signature is checked before the base URL is named.
    for (const token of [issuedHere, issuedElsewhere]) {
      const [header, payload, signature] = token.split('.');
      const bytes = Buffer.from(signature!, 'base64url');
      bytes[10] = bytes[10]! ^ 0x01;
      const answer = await me(`${header}.${payload}.${bytes.toString('base64url')}`);
      expect(answer.status).to.equal(401);
      expect(((await answer.json()) as ErrorBody).error.message).to.equal('the token is not valid or has expired');
    }
    expect(linesOf(service.stdout()).filter((line) => line.includes(REFUSED))).to.have.length(logged);
  });
});
