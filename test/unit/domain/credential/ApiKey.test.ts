import { expect } from 'chai';
import { ApiKey, assertMayCreateApiKeys } from '../../../../domain/credential/ApiKey';
import { type Scope } from '../../../../domain/credential/Scope';
import { DomainError } from '../../../../domain/shared/DomainError';
import { ceilingOf } from '../../../../domain/credential/RoleCeiling';
import { type Role } from '../../../../domain/workspace/Role';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const LATER = new Date('2030-01-02T00:00:00.000Z');

const keyInput = (overrides: { creatorRole?: Role; role?: Role; scopes?: readonly Scope[]; name?: string } = {}) => ({
  id: 'key_1',
  workspaceId: 'ws_1',
  userId: 'user_1',
  lookupPrefix: 'dsk_abcdefghijkl',
  secretHash: 'hash',
  now: NOW,
  creatorRole: 'owner' as Role,
  role: 'editor' as Role,
  ...overrides,
});

function failure(make: () => unknown): DomainError {
  try {
    make();
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError, but nothing was thrown');
}

describe('ApiKey.create: who may create which key', () => {
  it('creates an unrevoked key bound to its workspace, with the role frozen', () => {
    const key = ApiKey.create(keyInput({ role: 'editor', scopes: ['posts:write', 'posts:read'], name: '  CI bot  ' }));
    expect(key.toSnapshot()).to.deep.equal({
      id: 'key_1',
      workspaceId: 'ws_1',
      userId: 'user_1',
      name: 'CI bot',
      role: 'editor',
      scopes: ['posts:read', 'posts:write'],
      lookupPrefix: 'dsk_abcdefghijkl',
      secretHash: 'hash',
      createdAt: NOW,
      revokedAt: null,
    });
    expect(key.isRevoked).to.equal(false);
  });

  it('gets the default name "API key" when the name is missing or blank', () => {
    expect(ApiKey.create(keyInput()).name).to.equal('API key');
    expect(ApiKey.create(keyInput({ name: '   ' })).name).to.equal('API key');
  });

  it('without scopes, is granted the whole ceiling of its role', () => {
    for (const role of ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const) {
      const key = ApiKey.create(keyInput({ role }));
      expect(key.scopes, role).to.deep.equal([...ceilingOf(role)].sort());
    }
  });

  it('collapses duplicate scopes', () => {
    expect(ApiKey.create(keyInput({ scopes: ['posts:read', 'posts:read'] })).scopes).to.deep.equal(['posts:read']);
  });

  it('lets an owner create a key of any role, and an admin one of admin or below', () => {
    for (const role of ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const) {
      expect(ApiKey.create(keyInput({ creatorRole: 'owner', role })).role).to.equal(role);
    }
    for (const role of ['admin', 'editor', 'contributor', 'viewer'] as const) {
      expect(ApiKey.create(keyInput({ creatorRole: 'admin', role })).role).to.equal(role);
    }
  });

  it("refuses a key whose role is above its creator's", () => {
    const error = failure(() => ApiKey.create(keyInput({ creatorRole: 'admin', role: 'owner' })));
    expect(error).to.include({ kind: 'validation', code: 'role_above_creator' });
    expect(error.details[0]!.path).to.equal('role');
  });

  it('may act as a creator of any role (the operator mints keys for any member), never above that role', () => {
    expect(ApiKey.create(keyInput({ creatorRole: 'editor', role: 'editor' })).role).to.equal('editor');
    expect(ApiKey.create(keyInput({ creatorRole: 'contributor', role: 'contributor' })).role).to.equal('contributor');
    expect(ApiKey.create(keyInput({ creatorRole: 'viewer', role: 'viewer' })).role).to.equal('viewer');
    expect(failure(() => ApiKey.create(keyInput({ creatorRole: 'editor', role: 'admin' }))).code).to.equal('role_above_creator');
  });

  it('lets only a role holding apikeys:write create keys on its own (owner, admin)', () => {
    for (const role of ['owner', 'admin'] as const) expect(() => assertMayCreateApiKeys(role), role).not.to.throw();
    for (const role of ['editor', 'contributor', 'viewer'] as const) {
      const error = failure(() => assertMayCreateApiKeys(role));
      expect(error, role).to.include({ kind: 'validation', code: 'cannot_create_api_key' });
      expect(error.details).to.deep.equal([]);
    }
  });

  it("refuses scopes beyond the key's role ceiling, naming them", () => {
    const error = failure(() => ApiKey.create(keyInput({ role: 'viewer', scopes: ['posts:read', 'posts:write', 'billing:write'] })));
    expect(error).to.include({ kind: 'validation', code: 'scope_above_role' });
    expect(error.details[0]!.path).to.equal('scopes');
    expect(error.details[0]!.message).to.contain('posts:write').and.contain('billing:write');
  });

  it('refuses billing:write on an admin key even when an owner creates it', () => {
    const error = failure(() => ApiKey.create(keyInput({ creatorRole: 'owner', role: 'admin', scopes: ['billing:write'] })));
    expect(error.code).to.equal('scope_above_role');
  });

  it('refuses an explicitly empty scope list', () => {
    const error = failure(() => ApiKey.create(keyInput({ scopes: [] })));
    expect(error).to.include({ kind: 'validation', code: 'invalid_scope' });
  });
});

describe('ApiKey.revoke', () => {
  it('records when the key was revoked', () => {
    const key = ApiKey.create(keyInput());
    key.revoke(LATER);
    expect(key.isRevoked).to.equal(true);
    expect(key.revokedAt).to.deep.equal(LATER);
    expect(key.toSnapshot().revokedAt).to.deep.equal(LATER);
  });

  it('refuses to revoke twice, as a conflict, keeping the first revocation time', () => {
    const key = ApiKey.create(keyInput());
    key.revoke(NOW);
    const error = failure(() => key.revoke(LATER));
    expect(error).to.include({ kind: 'conflict', code: 'api_key_already_revoked' });
    expect(key.revokedAt).to.deep.equal(NOW);
  });

  it('a rehydrated revoked key is still revoked', () => {
    const key = ApiKey.create(keyInput());
    key.revoke(NOW);
    const again = ApiKey.rehydrate(key.toSnapshot());
    expect(again.isRevoked).to.equal(true);
    expect(() => again.revoke(LATER))
      .to.throw(DomainError)
      .with.property('code', 'api_key_already_revoked');
  });
});
