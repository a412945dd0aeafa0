import { expect } from 'chai';
import { CliFixture } from './cliFixture';

describe('CLI member add, set-role and remove', () => {
  let cli: CliFixture;
  let workspaceId: string;
  let memberId: string;
  const ref = () => ['--workspace', workspaceId, '--email', 'member@example.com'];

  beforeEach(async () => {
    cli = new CliFixture();
    ({ workspaceId } = await cli.ownerWithWorkspace());
    memberId = await cli.createUser('member@example.com');
  });

  it('add prints the membership and stores it', async () => {
    const out = await cli.json('member', 'add', ...ref(), '--role', 'editor');
    expect(out).to.deep.equal({ membership: { workspaceId, userId: memberId, role: 'editor' } });
    expect((await cli.memberships.find(workspaceId, memberId))?.role).to.equal('editor');
  });

  it('set-role changes the stored role', async () => {
    await cli.json('member', 'add', ...ref(), '--role', 'editor');
    const out = await cli.json('member', 'set-role', ...ref(), '--role', 'viewer');
    expect(out).to.deep.equal({ membership: { workspaceId, userId: memberId, role: 'viewer' } });
    expect((await cli.memberships.find(workspaceId, memberId))?.role).to.equal('viewer');
  });

  it('remove prints the former membership with "removed": true and deletes it', async () => {
    await cli.json('member', 'add', ...ref(), '--role', 'editor');
    const out = await cli.json('member', 'remove', ...ref());
    expect(out).to.deep.equal({ membership: { workspaceId, userId: memberId, role: 'editor' }, removed: true });
    expect(await cli.memberships.find(workspaceId, memberId)).to.equal(null);
  });

  it('add and set-role require --role (exit 2); remove accepts no --role (exit 2)', async () => {
    const add = await cli.jsonError('member', 'add', ...ref());
    expect(add.code).to.equal(2);
    expect(add.error.code).to.equal('missing_flag');
    expect(add.error.message).to.include('--role');
    expect((await cli.jsonError('member', 'set-role', ...ref())).code).to.equal(2);
    const remove = await cli.jsonError('member', 'remove', ...ref(), '--role', 'viewer');
    expect(remove).to.deep.include({ code: 2 });
    expect(remove.error.code).to.equal('unknown_flag');
  });

  it('refuses a bad role with exit 1 and lists the roles', async () => {
    const result = await cli.run('member', 'add', ...ref(), '--role', 'superuser');
    expect(result.code).to.equal(1);
    expect(result.stderr).to.equal('error: role: must be one of owner, admin, editor, contributor, viewer [invalid_role]\n');
    expect(await cli.memberships.find(workspaceId, memberId)).to.equal(null);
  });

  it('refuses an unknown workspace or user, a second add, and removing the last owner', async () => {
    expect(await cli.jsonError('member', 'add', '--workspace', 'nope', '--email', 'member@example.com', '--role', 'viewer')).to.deep.equal({
      code: 1,
      error: { code: 'workspace_not_found', message: 'Workspace not found' },
    });
    const unknownUser = await cli.jsonError('member', 'add', '--workspace', workspaceId, '--email', 'x@example.com', '--role', 'viewer');
    expect(unknownUser.error.code).to.equal('user_not_found');
    await cli.json('member', 'add', ...ref(), '--role', 'viewer');
    expect((await cli.jsonError('member', 'add', ...ref(), '--role', 'viewer')).error.code).to.equal('already_member');
    const lastOwner = await cli.jsonError('member', 'remove', '--workspace', workspaceId, '--email', 'owner@example.com');
    expect(lastOwner).to.deep.include({ code: 1 });
    expect(lastOwner.error.code).to.equal('last_owner');
  });
});
