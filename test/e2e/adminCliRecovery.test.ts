import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

/**
 * `npm run -s admin -- … --json` on the embedded database, as the README shows it (the
 * wiring of config/admin.ts; every listing and its refusals are tested in test/unit/cli and
 * test/integration/admin/accessRecovery.test.ts).
 */
function admin(dataDir: string, ...args: string[]) {
  const run = spawnSync('npm', ['run', '-s', 'admin', '--', ...args, '--json'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(run.status, run.stderr).to.equal(0);
  return JSON.parse(run.stdout);
}

describe('the operator CLI recovers lost access through npm run -s admin', function () {
  this.timeout(120_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-cli-recovery-'));
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('user list finds the user and their workspace, user reset-password gives a new password and ends the session', () => {
    admin(dataDir, 'user', 'create', '--email', 'lost@example.com', '--password', 'a long forgotten password');
    const { workspace } = admin(dataDir, 'workspace', 'create', '--name', 'Lost', '--owner', 'lost@example.com');
    admin(dataDir, 'session', 'issue', '--email', 'lost@example.com');

    const { users } = admin(dataDir, 'user', 'list');
    expect(users.map((u: { email: string; workspaces: unknown[] }) => [u.email, u.workspaces])).to.deep.equal([
      ['lost@example.com', [{ id: workspace.id, name: 'Lost', role: 'owner' }]],
    ]);
    const reset = admin(dataDir, 'user', 'reset-password', '--email', 'lost@example.com');
    expect(reset.password).to.match(/^[A-Za-z0-9_-]{24}$/);
    expect(reset.sessionsRevoked).to.equal(1);
  });
});
