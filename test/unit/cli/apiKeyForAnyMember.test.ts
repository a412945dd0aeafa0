import { expect } from 'chai';
import { ceilingOf } from '../../../domain/credential/RoleCeiling';
import { type Role } from '../../../domain/workspace/Role';
import { CliFixture } from './cliFixture';

/**
 * Issue 6: `apikey create --email E` mints a key acting as member E, whatever E's role (the
 * operator is trusted), so an editor's scripts hold a key of their own that survives any
 * other member leaving. The key never outranks E: a role above E's is refused.
 */
describe('CLI apikey create for a member of any role', () => {
  let cli: CliFixture;
  let workspaceId: string;
  const create = (email: string, role: string, ...extra: string[]) => [
    'apikey',
    'create',
    '--workspace',
    workspaceId,
    '--email',
    email,
    '--role',
    role,
    ...extra,
  ];

  beforeEach(async () => {
    cli = new CliFixture();
    ({ workspaceId } = await cli.ownerWithWorkspace());
  });

  async function member(email: string, role: string): Promise<string> {
    const userId = await cli.createUser(email);
    await cli.json('member', 'add', '--workspace', workspaceId, '--email', email, '--role', role);
    return userId;
  }

  for (const role of ['editor', 'contributor', 'viewer']) {
    it(`mints a key whose creator is the ${role}, with the ${role}'s ceiling by default`, async () => {
      const userId = await member(`${role}@example.com`, role);
      const out = await cli.json(...create(`${role}@example.com`, role));
      expect(out.apiKey).to.include({ userId, role, workspaceId });
      expect(new Set(out.apiKey.scopes)).to.deep.equal(ceilingOf(role as Role));
      expect(out.key).to.match(/^dsk_/);
    });
  }

  it("lets the key's role be below the member's, with scopes within it", async () => {
    await member('ed@example.com', 'editor');
    const out = await cli.json(...create('ed@example.com', 'contributor', '--scopes', 'posts:read posts:write'));
    expect(out.apiKey).to.include({ role: 'contributor' });
    expect(out.apiKey.scopes).to.deep.equal(['posts:read', 'posts:write']);
  });

  it("refuses a role above the member's with exit 1, naming the member's role, and stores nothing", async () => {
    await member('ed@example.com', 'editor');
    const refused = await cli.jsonError(...create('ed@example.com', 'admin'));
    expect(refused).to.deep.equal({
      code: 1,
      error: { code: 'role_above_creator', message: "role: may not exceed the creator's role (editor)" },
    });
    expect(await cli.apiKeys.listByWorkspace(workspaceId)).to.deep.equal([]);
  });

  it("refuses scopes above the key's role (a viewer key cannot write)", async () => {
    await member('viewer@example.com', 'viewer');
    expect((await cli.jsonError(...create('viewer@example.com', 'viewer', '--scopes', 'posts:write'))).error.code).to.equal('scope_above_role');
  });

  it('still refuses a user who is not a member', async () => {
    await cli.createUser('stranger@example.com');
    expect((await cli.jsonError(...create('stranger@example.com', 'viewer'))).error.code).to.equal('membership_not_found');
  });

  it("keeps the editor's key alive when an admin leaves, and revokes it when the editor leaves", async () => {
    await member('admin@example.com', 'admin');
    await member('ed@example.com', 'editor');
    const { apiKey } = await cli.json(...create('ed@example.com', 'editor'));
    await cli.json('member', 'remove', '--workspace', workspaceId, '--email', 'admin@example.com');
    expect((await cli.apiKeys.findById(apiKey.id))!.isRevoked).to.equal(false);
    await cli.json('member', 'remove', '--workspace', workspaceId, '--email', 'ed@example.com');
    expect((await cli.apiKeys.findById(apiKey.id))!.isRevoked).to.equal(true);
  });
});
