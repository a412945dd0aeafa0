import { expect } from 'chai';
import { CliFixture, PASSWORD } from './cliFixture';

/** Runs every command, successful and refused, with and without --json, and searches all output. */
describe('CLI never prints a password or its hash', () => {
  it('in any output of any command', async () => {
    const cli = new CliFixture();
    const email = 'owner@example.com';
    for (const json of [[], ['--json']]) {
      await cli.run('user', 'create', '--email', `${json.length}@example.com`, '--password', PASSWORD, ...json);
      await cli.run('user', 'create', '--email', `${json.length}@example.com`, '--password', PASSWORD, ...json);
    }
    const { workspaceId } = await cli.ownerWithWorkspace(email);
    await cli.createUser('member@example.com');
    const member = ['--workspace', workspaceId, '--email', 'member@example.com'];
    for (const json of [[], ['--json']]) {
      await cli.run('workspace', 'create', '--name', 'Second', '--owner', email, ...json);
      await cli.run('member', 'add', ...member, '--role', 'editor', ...json);
      await cli.run('member', 'set-role', ...member, '--role', 'viewer', ...json);
      await cli.run('member', 'remove', ...member, ...json);
      const created = await cli.run('apikey', 'create', '--workspace', workspaceId, '--email', email, '--role', 'admin', '--json');
      await cli.run('apikey', 'revoke', '--id', JSON.parse(created.stdout).apiKey.id, ...json);
      await cli.run('connection', 'add', '--workspace', workspaceId, '--platform', 'TWITTER', '--handle', '@acme', ...json);
      await cli.run('session', 'issue', '--email', email, ...json);
      await cli.run('apikey', 'list', '--workspace', workspaceId, ...json);
      await cli.run('connection', 'list', '--workspace', workspaceId, ...json);
      await cli.run('user', 'reset-password', '--email', email, ...json);
      await cli.run('user', 'list', ...json);
      await cli.run('user', 'create', '--email', email, '--password', 'short', ...json);
    }
    const printed = cli.transcript.join('');
    const owner = await cli.users.findByEmail(email);
    const hashes = [owner!.passwordHash, (await cli.users.findByEmail('0@example.com'))!.passwordHash];
    for (const hash of hashes) {
      expect(printed).not.to.include(hash);
      expect(printed).not.to.include(hash.split('$').at(-1)!);
    }
    expect(printed).not.to.include(PASSWORD);
    expect(printed).not.to.include('scrypt');
    expect(cli.transcript.length).to.be.greaterThan(20);
  });
});
