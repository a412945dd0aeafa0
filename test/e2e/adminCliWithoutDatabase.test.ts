import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { HELP_TEXT } from '../../adapters/inbound/cli/helpText';

const ROOT = path.resolve(__dirname, '../..');
/** Nothing listens on port 1: any attempt to open the database fails (or hangs). */
const UNREACHABLE_MYSQL = 'mysql://root@127.0.0.1:1/x';

function admin(env: Record<string, string>, ...args: string[]) {
  const run = spawnSync('npm', ['run', '-s', 'admin', '--', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** Issue 6: reading the usage, or being told the command is wrong, needs no database. */
describe('the operator CLI without a reachable database', function () {
  this.timeout(120_000);

  for (const args of [['help'], ['--help'], []]) {
    it(`"admin ${args.join(' ') || '(no arguments)'}" prints the help and exits 0 without opening the database`, async () => {
      // A database that accepts connections and never answers: a CLI that tried it would hang
      // until spawnSync's timeout; the kernel queues the connection even while this process waits.
      let opened = 0;
      const silent = net.createServer(() => {
        opened += 1;
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      const port = (silent.address() as net.AddressInfo).port;
      try {
        const run = admin({ DATABASE_URL: `mysql://root@127.0.0.1:${port}/x` }, ...args);
        expect(run.code, run.stderr).to.equal(0);
        expect(run.stdout).to.equal(HELP_TEXT);
        await new Promise((resolve) => setTimeout(resolve, 50));
        expect(opened, 'connections the CLI opened to the database').to.equal(0);
      } finally {
        silent.close();
      }
    });
  }

  it('prints the help even when the configuration is invalid', () => {
    const run = admin({ DATABASE_URL: 'postgres://nope' }, 'help');
    expect(run.code, run.stderr).to.equal(0);
    expect(run.stdout).to.equal(HELP_TEXT);
  });

  it('an unknown command still exits 2 with a message, without a database', () => {
    const run = admin({ DATABASE_URL: UNREACHABLE_MYSQL }, 'frobnicate', '--json');
    expect(run.code).to.equal(2);
    expect(JSON.parse(run.stderr).error.code).to.equal('unknown_command');
  });

  it('a well-formed command on an unreachable database is refused with exit 1 and one line', () => {
    const run = admin({ DATABASE_URL: UNREACHABLE_MYSQL }, 'session', 'issue', '--email', 'a@b.co');
    expect(run.code).to.equal(1);
    expect(
      run.stderr
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('npm warn')),
    ).to.have.length(1);
  });

  it('a bad configuration is refused with exit 1 and configuration_error', () => {
    const run = admin({ DATABASE_URL: 'postgres://nope' }, 'session', 'issue', '--email', 'a@b.co', '--json');
    expect(run.code).to.equal(1);
    const line = run.stderr.split('\n').find((l) => l.startsWith('{'))!;
    expect(JSON.parse(line).error.code).to.equal('configuration_error');
  });
});
