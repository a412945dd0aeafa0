import { expect } from 'chai';
import { AppFixture, rejection } from './appFixture';

describe('ManageApiKeys: creating and revoking API keys', () => {
  let app: AppFixture;
  let workspaceId: string;
  let ownerId: string;

  beforeEach(async () => {
    app = new AppFixture();
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

  it('refuses an editor, contributor or viewer as creator', async () => {
    for (const role of ['editor', 'contributor', 'viewer'] as const) {
      await app.member(workspaceId, `${role}@example.com`, role);
      expect((await rejection(create('viewer', `${role}@example.com`))).code, role).to.equal('cannot_create_api_key');
    }
  });

  it('refuses scopes above the key\'s role', async () => {
    const error = await rejection(app.apiKeys.create({ workspaceId, email: 'owner@example.com', role: 'viewer', scopes: ['posts:write'] }));
    expect(error).to.include({ kind: 'validation', code: 'scope_above_role' });
  });

  it('answers not-found for a non-member creator, an unknown user or an unknown workspace', async () => {
    await app.user('stranger@example.com');
    expect((await rejection(create('viewer', 'stranger@example.com'))).code).to.equal('membership_not_found');
    expect((await rejection(create('viewer', 'nobody@example.com'))).code).to.equal('user_not_found');
    expect((await rejection(app.apiKeys.create({ workspaceId: 'ws_missing', email: 'owner@example.com', role: 'viewer' }))).code)
      .to.equal('workspace_not_found');
  });

  it('createFor caps the creator by the calling credential\'s role', async () => {
    const error = await rejection(app.apiKeys.createFor({ workspaceId, userId: ownerId, role: 'owner', creatorRoleCap: 'admin' }));
    expect(error.code).to.equal('role_above_creator');
    const { apiKey } = await app.apiKeys.createFor({ workspaceId, userId: ownerId, role: 'admin', creatorRoleCap: 'admin' });
    expect(apiKey.role).to.equal('admin');
    expect((await rejection(app.apiKeys.createFor({ workspaceId, userId: ownerId, role: 'viewer', creatorRoleCap: 'editor' }))).code)
      .to.equal('cannot_create_api_key');
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
