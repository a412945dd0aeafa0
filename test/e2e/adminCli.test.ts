import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/** The operator CLI exactly as documented: `npm run -s admin -- … --json`. */
function admin(dataDir: string, ...args: string[]) {
  const run = spawnSync('npm', ['run', '-s', 'admin', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

describe('the operator CLI through npm run -s admin', function () {
  this.timeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-cli-'));
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('creates a user, a workspace and a key, each as one JSON object, on the embedded database', () => {
    const user = admin(dataDir, 'user', 'create', '--email', 'ops@example.com', '--password', 'a long enough password', '--json');
    expect(user.code, user.stderr).to.equal(0);
    expect(JSON.parse(user.stdout).user.email).to.equal('ops@example.com');

    const workspace = admin(dataDir, 'workspace', 'create', '--name', 'Ops', '--owner', 'ops@example.com', '--json');
    const workspaceId = JSON.parse(workspace.stdout).workspace.id as string;

    const key = admin(
      dataDir,
      'apikey',
      'create',
      '--workspace',
      workspaceId,
      '--email',
      'ops@example.com',
      '--role',
      'editor',
      '--scopes',
      'posts:read posts:write',
      '--json',
    );
    expect(key.code, key.stderr).to.equal(0);
    const printed = JSON.parse(key.stdout);
    expect(printed.key).to.match(/^dsk_[A-Za-z0-9_-]{43}$/);
    expect(printed.apiKey.scopes).to.deep.equal(['posts:read', 'posts:write']);
  });

  it('exits non-zero with a clear message for bad arguments', () => {
    const usage = admin(dataDir, 'workspace', 'create', '--name', 'No owner', '--json');
    expect(usage.code).to.equal(2);
    expect(JSON.parse(usage.stderr).error.message).to.include('--owner');
    const refused = admin(dataDir, 'member', 'add', '--workspace', 'nope', '--email', 'ops@example.com', '--role', 'emperor', '--json');
    expect(refused.code).to.equal(1);
    expect(refused.stderr).not.to.include('    at ');
  });
});
