import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createDataSource, initializeDataSource } from '../../../adapters/outbound/persistence/typeorm/createDataSource';
import { OAuthService } from '../../support/oauthKit/service';

const ROOT = path.resolve(__dirname, '../../..');

/** The operator's command exactly as docs/cli.md documents it, in a child process on a SQLite data dir. */
function admin(dataDir: string, ...args: string[]) {
  const run = spawnSync('npm', ['run', '-s', 'admin', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: `sqlite:${path.join(dataDir, 'dispatch.sqlite')}` },
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

// docs/decisions.md, "OAuth server": clients are registered by the operator only; a confidential
// client's secret is shown once and stored as SHA-256.
describe('OAuth clients through `npm run -s admin -- client register|list|remove`', function () {
  this.timeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-clients-'));
  let secret: string;
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  /** What the CLI left in the database, read directly. */
  const storedClients = async (): Promise<{ id: string; secret_hash: string | null }[]> => {
    const db = await initializeDataSource(createDataSource({ kind: 'sqlite', file: path.join(dataDir, 'dispatch.sqlite') }));
    try {
      return await db.query('SELECT id, secret_hash FROM oauth_clients ORDER BY id');
    } finally {
      await db.destroy();
    }
  };

  /** The service on the same data dir, asked for a device code as the client would. */
  async function withService<R>(ctx: Mocha.Context, run: (kit: OAuthService) => Promise<R>): Promise<R> {
    const kit = await OAuthService.start(ctx, { database: { DATABASE_URL: `sqlite:${path.join(dataDir, 'dispatch.sqlite')}`, DATA_DIR: dataDir } });
    try {
      return await run(kit);
    } finally {
      await kit.stop();
    }
  }
  const deviceAuthorize = (kit: OAuthService, form: Record<string, string>) => kit.form.post('/oauth/device/authorize').type('form').send(form);

  it('registers a confidential client: the secret is printed once, only its SHA-256 is stored, and it authenticates', async function () {
    const run = admin(dataDir, 'client', 'register', '--client-id', 'ops-agent', '--name', 'Ops agent', '--grant', 'device_code', '--grant', 'refresh_token');
    expect(run.code, run.stderr).to.equal(2); // --scope is required
    const registered = admin(
      dataDir,
      'client',
      'register',
      '--client-id',
      'ops-agent',
      '--name',
      'Ops agent',
      '--grant',
      'device_code',
      '--grant',
      'refresh_token',
      '--scope',
      'posts:read posts:write',
      '--confidential',
      '--json',
    );
    expect(registered.code, registered.stderr).to.equal(0);
    const printed = JSON.parse(registered.stdout);
    secret = printed.clientSecret;
    expect(secret).to.match(/^dcs_[A-Za-z0-9_-]{43}$/);
    expect(printed.client).to.include({ clientId: 'ops-agent', confidential: true });
    expect(printed.client.grants).to.deep.equal(['device_code', 'refresh_token']);

    const rows = await storedClients();
    expect(rows).to.deep.equal([{ id: 'ops-agent', secret_hash: createHash('sha256').update(secret).digest('hex') }]);
    for (const file of ['dispatch.sqlite', 'dispatch.sqlite-wal'].map((f) => path.join(dataDir, f)).filter((f) => fs.existsSync(f))) {
      expect(fs.readFileSync(file).includes(secret), file).to.equal(false);
    }

    await withService(this, async (kit) => {
      expect((await deviceAuthorize(kit, { client_id: 'ops-agent', client_secret: secret })).status).to.equal(200);
      const wrong = await deviceAuthorize(kit, { client_id: 'ops-agent', client_secret: `${secret.slice(0, -1)}x` });
      expect([wrong.status, wrong.body.error]).to.deep.equal([401, 'invalid_client']);
      const none = await deviceAuthorize(kit, { client_id: 'ops-agent' });
      expect([none.status, none.body.error]).to.deep.equal([401, 'invalid_client']);
    });
  });

  it('registers a public client with no secret at all, and refuses a second client under the same id', async () => {
    const registered = admin(
      dataDir,
      'client',
      'register',
      '--client-id',
      'cli-tool',
      '--name',
      'CLI tool',
      '--grant',
      'device_code',
      '--scope',
      'posts:read',
      '--json',
    );
    expect(registered.code, registered.stderr).to.equal(0);
    expect(JSON.parse(registered.stdout)).not.to.have.property('clientSecret');
    expect((await storedClients()).find((c) => c.id === 'cli-tool')!.secret_hash).to.equal(null);
    const again = admin(
      dataDir,
      'client',
      'register',
      '--client-id',
      'cli-tool',
      '--name',
      'Again',
      '--grant',
      'device_code',
      '--scope',
      'posts:read',
      '--json',
    );
    expect(again.code).to.equal(1);
    expect(JSON.parse(again.stderr).error.code).to.equal('client_exists');
  });

  it('lists the clients without any secret or hash, in JSON and as text', () => {
    const listed = admin(dataDir, 'client', 'list', '--json');
    expect(listed.code, listed.stderr).to.equal(0);
    const clients = JSON.parse(listed.stdout).clients as Record<string, unknown>[];
    expect(clients.map((c) => [c.clientId, c.confidential])).to.have.deep.members([
      ['ops-agent', true],
      ['cli-tool', false],
    ]);
    const text = admin(dataDir, 'client', 'list');
    expect(text.stdout).to.include('ops-agent').and.include('cli-tool');
    for (const out of [listed.stdout, text.stdout]) {
      expect(out).not.to.include(secret);
      expect(out).not.to.include(createHash('sha256').update(secret).digest('hex'));
    }
  });

  it('removes a client: it can no longer authenticate, and removing it again is an error', async function () {
    const removed = admin(dataDir, 'client', 'remove', '--client-id', 'ops-agent', '--json');
    expect(removed.code, removed.stderr).to.equal(0);
    expect((await storedClients()).map((c) => c.id)).to.deep.equal(['cli-tool']);
    await withService(this, async (kit) => {
      const res = await deviceAuthorize(kit, { client_id: 'ops-agent', client_secret: secret });
      expect([res.status, res.body.error]).to.deep.equal([401, 'invalid_client']);
    });
    const again = admin(dataDir, 'client', 'remove', '--client-id', 'ops-agent', '--json');
    expect(again.code).to.equal(1);
  });
});
