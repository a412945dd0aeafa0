import { expect } from 'chai';
import { CliFixture, NOW, PASSWORD } from './cliFixture';

describe('CLI user create and workspace create', () => {
  let cli: CliFixture;
  beforeEach(() => {
    cli = new CliFixture();
  });

  it('user create prints the user, stores it with a hash of the password, and never prints the hash', async () => {
    const out = await cli.json('user', 'create', '--email', 'Ann@Example.com', '--password', PASSWORD, '--name', 'Ann');
    expect(out).to.deep.equal({
      user: { id: out.user.id, email: 'ann@example.com', name: 'Ann', createdAt: NOW.toISOString() },
    });
    const stored = await cli.users.findById(out.user.id);
    expect(stored?.email).to.equal('ann@example.com');
    expect(await cli.hasher.verifyPassword(PASSWORD, stored!.passwordHash)).to.equal(true);
    expect(cli.transcript.join('')).not.to.include(stored!.passwordHash);
  });

  it('user create without --json prints one human line naming the user', async () => {
    const result = await cli.run('user', 'create', '--email', 'bo@example.com', '--password', PASSWORD);
    expect(result.code).to.equal(0);
    expect(result.stdout).to.match(/^created user \S+ <bo@example\.com>\n$/);
  });

  it('user create refuses a bad email and a weak password with exit 1 and the domain code', async () => {
    const badEmail = await cli.jsonError('user', 'create', '--email', 'not-an-email', '--password', PASSWORD);
    expect(badEmail).to.deep.equal({ code: 1, error: { code: 'invalid_email', message: 'email: must be an email address' } });
    const weak = await cli.jsonError('user', 'create', '--email', 'a@example.com', '--password', 'short');
    expect(weak.code).to.equal(1);
    expect(weak.error.code).to.equal('weak_password');
    expect(await cli.users.count()).to.equal(0);
  });

  it('workspace create prints the workspace and its owner, both stored', async () => {
    const ownerId = await cli.createUser('owner@example.com');
    const out = await cli.json('workspace', 'create', '--name', 'Acme', '--owner', 'OWNER@example.com');
    expect(out).to.deep.equal({
      workspace: { id: out.workspace.id, name: 'Acme', createdAt: NOW.toISOString() },
      owner: { userId: ownerId, email: 'owner@example.com', role: 'owner' },
    });
    expect((await cli.workspaces.findById(out.workspace.id))?.name).to.equal('Acme');
    expect((await cli.memberships.find(out.workspace.id, ownerId))?.role).to.equal('owner');
  });

  it('workspace create refuses an unknown owner with exit 1', async () => {
    const result = await cli.run('workspace', 'create', '--name', 'Acme', '--owner', 'nobody@example.com');
    expect(result).to.deep.equal({ code: 1, stdout: '', stderr: 'error: User not found [user_not_found]\n' });
  });
});
