import { expect } from 'chai';
import { EnvironmentError } from '../../../adapters/inbound/cli/EnvironmentError';
import { runCli } from '../../../adapters/inbound/cli/runCli';
import { CliFixture, PASSWORD } from './cliFixture';

describe('CLI usage errors', () => {
  let cli: CliFixture;
  let printed: string;
  beforeEach(() => {
    cli = new CliFixture();
    printed = '';
  });

  const cases: Array<{ argv: string[]; code: string; message: string }> = [
    { argv: ['frobnicate'], code: 'unknown_command', message: 'unknown command "frobnicate"' },
    { argv: ['user'], code: 'missing_command', message: '"user" needs one of: create' },
    { argv: ['user', 'delete'], code: 'unknown_command', message: 'unknown command "user delete"; "user" takes: create' },
    { argv: ['member', 'promote'], code: 'unknown_command', message: '"member" takes: add, set-role, remove' },
    { argv: ['user', 'create', 'extra', '--email', 'a@b.co', '--password', PASSWORD], code: 'unexpected_argument', message: '"extra"' },
    { argv: ['user', 'create', '--email', 'a@b.co'], code: 'missing_flag', message: '"user create" requires --password' },
    { argv: ['workspace', 'create'], code: 'missing_flag', message: 'requires --name, --owner' },
    {
      argv: ['user', 'create', '--email', 'a@b.co', '--password', PASSWORD, '--role', 'x'],
      code: 'unknown_flag',
      message: 'unknown flag --role for "user create" (accepts --email, --password, --name)',
    },
    { argv: ['user', 'create', '--email', 'a@b.co', '--password'], code: 'missing_value', message: '--password needs a value' },
    { argv: ['apikey', 'revoke', '--id', '1', '--id', '2'], code: 'duplicate_flag', message: '--id is given more than once' },
    { argv: ['apikey', 'revoke', '-i', '1'], code: 'unknown_flag', message: 'unknown flag -i' },
  ];

  for (const { argv, code, message } of cases) {
    it(`exits 2 on "${argv.join(' ')}" with ${code}`, async () => {
      const asJson = await cli.jsonError(...argv);
      expect(asJson.code).to.equal(2);
      expect(asJson.error.code).to.equal(code);
      expect(asJson.error.message).to.include(message).and.to.include('run "npm run -s admin -- help" for usage');

      const plain = await cli.run(...argv);
      expect(plain.code).to.equal(2);
      expect(plain.stdout).to.equal('');
      expect(plain.stderr).to.match(/^error: .+ \[[a-z_]+\]\n$/);
      expect(plain.stderr).to.include(message);
    });
  }

  it('runs nothing, and opens no database, when the command line is malformed', async () => {
    await cli.run('user', 'create', '--email', 'a@b.co', '--password', PASSWORD, '--nme', 'Ann');
    await cli.run('frobnicate');
    expect(await cli.users.count()).to.equal(0);
    expect(cli.databaseUse.opened).to.equal(0);
  });

  it('opens the database for a well-formed command, and closes it after, refused or not', async () => {
    await cli.run('user', 'create', '--email', 'a@b.co', '--password', PASSWORD);
    await cli.run('user', 'create', '--email', 'a@b.co', '--password', PASSWORD);
    expect(cli.databaseUse).to.deep.equal({ opened: 2, closed: 2 });
  });

  it('answers a configuration problem found on opening with exit 1 and its code', async () => {
    const result = await runCli(
      ['user', 'create', '--email', 'a@b.co', '--password', PASSWORD, '--json'],
      async () => {
        throw new EnvironmentError('configuration_error', 'DATABASE_URL: must be mysql://… or sqlite:<path>');
      },
      {
        stdout: () => expect.fail('nothing on stdout'),
        stderr: (text) => {
          printed += text;
        },
      },
    );
    expect(result).to.equal(1);
    expect(JSON.parse(printed)).to.deep.equal({
      error: { code: 'configuration_error', message: 'DATABASE_URL: must be mysql://… or sqlite:<path>' },
    });
  });

  it('answers an unexpected failure with one line, exit 1 and no stack trace', async () => {
    cli.useCases.issueSession.execute = async () => {
      throw new Error('disk on fire\n    at somewhere (file.ts:1:1)');
    };
    const result = await cli.run('session', 'issue', '--email', 'a@b.co');
    expect(result).to.deep.equal({
      code: 1,
      stdout: '',
      stderr: 'error: unexpected failure: disk on fire at somewhere (file.ts:1:1) [internal_error]\n',
    });
    const asJson = await cli.jsonError('session', 'issue', '--email', 'a@b.co');
    expect(asJson.error.code).to.equal('internal_error');
  });
});
