import { expect } from 'chai';
import { type ApiKeyCaller } from '../../../application/admin/ManageApiKeys';
import { type Credential, type CredentialKind } from '../../../domain/credential/Credential';
import { type Scope } from '../../../domain/credential/Scope';
import { ceilingOf } from '../../../domain/credential/RoleCeiling';
import { type Role } from '../../../domain/workspace/Role';
import { AppFixture, rejection } from './appFixture';

describe('ManageApiKeys: creating and revoking API keys', () => {
  let app: AppFixture;
  let workspaceId: string;
  let ownerId: string;

  beforeEach(async () => {
    app = await AppFixture.start();
    const { owner, workspace } = await app.ownerWithWorkspace();
    workspaceId = workspace.id;
    ownerId = owner.id;
  });

  const create = (role: 'owner' | 'admin' | 'editor' | 'contributor' | 'viewer', email = 'owner@example.com') =>
    app.apiKeys.create({ workspaceId, email, role });

  it('prints a dsk_ key with 256 bits of randomness, stored only as a hash', async () => {
    const { apiKey, secret } = await app.apiKeys.create({ workspaceId, email: 'owner@example.com', role: 'editor', name: 'CI' });
    expect(secret).to.match(/^dsk_[A-Za-z0-9_-]{43}$/);
    const stored = (await app.apiKeyStore.findById(apiKey.id))!.toSnapshot();
    expect(stored).to.include({ workspaceId, userId: ownerId, name: 'CI', role: 'editor', revokedAt: null });
    expect(stored.createdAt).to.deep.equal(app.clock.now());
    expect(JSON.stringify(stored)).not.to.contain(secret.slice(16));
    expect(stored.lookupPrefix).to.equal(secret.slice(0, 16));
    expect(app.hasher.tokenMatches(secret, stored.secretHash)).to.equal(true);
  });

  it('makes a different key every time', async () => {
    const first = await create('owner');
    const second = await create('owner');
    expect(first.secret).not.to.equal(second.secret);
    expect(first.apiKey.id).not.to.equal(second.apiKey.id);
  });

  it('lets an admin create a key of admin or below, but not an owner key', async () => {
    await app.member(workspaceId, 'admin@example.com', 'admin');
    expect((await create('viewer', 'admin@example.com')).apiKey.role).to.equal('viewer');
    expect((await rejection(create('owner', 'admin@example.com'))).code).to.equal('role_above_creator');
  });

  it('mints a key acting as an editor, contributor or viewer, up to their own role', async () => {
    for (const role of ['editor', 'contributor', 'viewer'] as const) {
      const member = await app.member(workspaceId, `${role}@example.com`, role);
      const { apiKey } = await create(role, `${role}@example.com`);
      expect(apiKey, role).to.include({ userId: member.id, role });
      expect(new Set(apiKey.scopes), role).to.deep.equal(ceilingOf(role));
      const above = await rejection(create('admin', `${role}@example.com`));
      expect(above, role).to.include({ kind: 'validation', code: 'role_above_creator' });
      expect(above.message, role).to.include(`(${role})`);
    }
  });

  it("an editor's key keeps working when the admin who could have made it leaves", async () => {
    await app.member(workspaceId, 'admin@example.com', 'admin');
    const editor = await app.member(workspaceId, 'ed@example.com', 'editor');
    const { secret } = await create('editor', 'ed@example.com');
    await app.members.remove({ workspaceId, email: 'admin@example.com' });
    const credential = await app.authenticate.execute(secret);
    expect(credential).to.include({ kind: 'api_key', userId: editor.id });
    const access = await app.authorize.execute(credential, workspaceId, 'posts:write');
    expect(access.role).to.equal('editor');
  });

  it("holds a member's key to their live role: demoted, the key loses what the new role lacks", async () => {
    await app.member(workspaceId, 'ed@example.com', 'editor');
    const { secret } = await create('editor', 'ed@example.com');
    await app.members.setRole({ workspaceId, email: 'ed@example.com', role: 'viewer' });
    const access = await app.authorize.execute(await app.authenticate.execute(secret), workspaceId, 'posts:read');
    expect(access.scopes.has('posts:write')).to.equal(false);
    expect(access.scopes.has('posts:read')).to.equal(true);
  });

  it("refuses scopes above the key's role", async () => {
    const error = await rejection(app.apiKeys.create({ workspaceId, email: 'owner@example.com', role: 'viewer', scopes: ['posts:write'] }));
    expect(error).to.include({ kind: 'validation', code: 'scope_above_role' });
  });

  it('answers not-found for a non-member creator, an unknown user or an unknown workspace', async () => {
    await app.user('stranger@example.com');
    expect((await rejection(create('viewer', 'stranger@example.com'))).code).to.equal('membership_not_found');
    expect((await rejection(create('viewer', 'nobody@example.com'))).code).to.equal('user_not_found');
    expect((await rejection(app.apiKeys.create({ workspaceId: 'ws_missing', email: 'owner@example.com', role: 'viewer' }))).code).to.equal(
      'workspace_not_found',
    );
  });

  describe('createFor: a member creating a key through the API', () => {
    const caller = async (credentialKind: CredentialKind, role: Role, scopes?: Scope[]): Promise<ApiKeyCaller> => {
      const session: Credential = { kind: 'session', id: 'session-1', userId: ownerId };
      const access = await app.authorize.execute(session, workspaceId, null);
      return { credentialKind, access: { ...access, role, scopes: new Set(scopes ?? access.scopes) } };
    };

    it('refuses an API key credential with 403 api_key_cannot_create_keys, whatever it holds', async () => {
      const error = await rejection(app.apiKeys.createFor(await caller('api_key', 'owner'), { role: 'viewer' }));
      expect(error).to.include({ kind: 'forbidden', code: 'api_key_cannot_create_keys' });
      expect(await app.apiKeys.listInWorkspace(workspaceId)).to.deep.equal([]);
    });

    it('lets a session or an OAuth token create a key', async () => {
      for (const kind of ['session', 'oauth'] as const) {
        const { apiKey, secret } = await app.apiKeys.createFor(await caller(kind, 'owner'), { role: 'editor', name: kind });
        expect(apiKey).to.include({ workspaceId, userId: ownerId, role: 'editor', name: kind });
        expect(secret).to.match(/^dsk_/);
      }
    });

    it("caps the key's role by the caller's effective role", async () => {
      expect((await rejection(app.apiKeys.createFor(await caller('session', 'admin'), { role: 'owner' }))).code).to.equal('role_above_creator');
      const { apiKey } = await app.apiKeys.createFor(await caller('session', 'admin'), { role: 'admin' });
      expect(apiKey.role).to.equal('admin');
      expect((await rejection(app.apiKeys.createFor(await caller('session', 'editor'), { role: 'viewer' }))).code).to.equal('cannot_create_api_key');
    });

    it('refuses scopes the caller does not hold with 422 scope_above_caller, naming them', async () => {
      const narrow = await caller('session', 'owner', ['posts:read', 'apikeys:write']);
      const error = await rejection(app.apiKeys.createFor(narrow, { role: 'editor', scopes: ['posts:read', 'posts:write', 'stats:read'] }));
      expect(error).to.include({ kind: 'validation', code: 'scope_above_caller' });
      expect(error.details).to.deep.equal([{ path: 'scopes', message: 'not held by this credential: posts:write, stats:read' }]);
    });

    it("defaults the scopes to the caller's within the role's ceiling", async () => {
      const narrow = await caller('session', 'owner', ['posts:read', 'posts:write', 'billing:write', 'apikeys:write']);
      const { apiKey } = await app.apiKeys.createFor(narrow, { role: 'contributor' });
      expect(apiKey.scopes).to.deep.equal(['posts:read', 'posts:write']);
      const full = await app.apiKeys.createFor(await caller('session', 'owner'), { role: 'viewer' });
      expect(new Set(full.apiKey.scopes)).to.deep.equal(ceilingOf('viewer'));
    });
  });

  it("lists a workspace's keys, revoked ones included, and no other workspace's", async () => {
    const { workspace: other } = await app.createWorkspace.execute({ name: 'Other', ownerEmail: 'owner@example.com' });
    const first = await create('owner');
    app.clock.advanceSeconds(1);
    const second = await create('viewer');
    await app.apiKeys.create({ workspaceId: other.id, email: 'owner@example.com', role: 'viewer' });
    await app.apiKeys.revoke(first.apiKey.id);
    const listed = await app.apiKeys.listInWorkspace(workspaceId);
    expect(listed.map((k) => [k.id, k.isRevoked])).to.deep.equal([
      [first.apiKey.id, true],
      [second.apiKey.id, false],
    ]);
  });

  it('revokes a key, which then stops authenticating', async () => {
    const { apiKey, secret } = await create('owner');
    app.clock.advanceSeconds(30);
    const revoked = await app.apiKeys.revoke(apiKey.id);
    expect(revoked.revokedAt).to.deep.equal(app.clock.now());
    expect((await app.apiKeyStore.findById(apiKey.id))!.isRevoked).to.equal(true);
    expect((await rejection(app.authenticate.execute(secret))).kind).to.equal('unauthenticated');
  });

  it('refuses to revoke a key twice, and answers not-found for an unknown id', async () => {
    const { apiKey } = await create('owner');
    await app.apiKeys.revoke(apiKey.id);
    expect(await rejection(app.apiKeys.revoke(apiKey.id))).to.include({ kind: 'conflict', code: 'api_key_already_revoked' });
    expect((await rejection(app.apiKeys.revoke('key_missing'))).code).to.equal('api_key_not_found');
  });

  it('revokeInWorkspace revokes only a key of that workspace, and says nothing of others', async () => {
    const { workspace: other } = await app.createWorkspace.execute({ name: 'Other', ownerEmail: 'owner@example.com' });
    const { apiKey, secret } = await create('owner');
    expect(await app.apiKeys.revokeInWorkspace(other.id, apiKey.id)).to.equal(null);
    expect(await app.apiKeys.revokeInWorkspace(other.id, 'key_missing')).to.equal(null);
    expect((await app.authenticate.execute(secret)).kind).to.equal('api_key');
    const revoked = await app.apiKeys.revokeInWorkspace(workspaceId, apiKey.id);
    expect(revoked!.isRevoked).to.equal(true);
    expect((await rejection(app.authenticate.execute(secret))).kind).to.equal('unauthenticated');
  });
});
