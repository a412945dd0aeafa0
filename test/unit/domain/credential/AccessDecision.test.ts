import { expect } from 'chai';
import { decideWorkspaceAccess, InsufficientScope, requireScope } from '../../../../domain/credential/AccessDecision';
import { type Credential } from '../../../../domain/credential/Credential';
import { ALL_SCOPES, type Scope } from '../../../../domain/credential/Scope';
import { DomainError } from '../../../../domain/shared/DomainError';
import { Membership } from '../../../../domain/workspace/Membership';
import { ceilingOf } from '../../../../domain/credential/RoleCeiling';
import { type Role } from '../../../../domain/workspace/Role';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const member = (role: Role, workspaceId = 'ws_1', userId = 'user_1') => Membership.create({ workspaceId, userId, role, now: NOW });
const session: Credential = { kind: 'session', id: 'sess_1', userId: 'user_1' };
const apiKey = (frozenRole: Role, scopes: readonly Scope[] = [...ceilingOf(frozenRole)], workspaceId = 'ws_1'): Credential => ({
  kind: 'api_key',
  id: 'key_1',
  userId: 'user_1',
  workspaceId,
  frozenRole,
  creatorRole: 'owner',
  scopes,
});
const oauth = (scopes: readonly Scope[], workspaceId = 'ws_1'): Credential => ({
  kind: 'oauth',
  id: 'tok_1',
  userId: 'user_1',
  clientId: 'client_1',
  workspaceId,
  scopes,
});

const sorted = (scopes: ReadonlySet<Scope>) => [...scopes].sort();

function failure(decide: () => unknown): DomainError {
  try {
    decide();
  } catch (error) {
    expect(error).to.be.instanceOf(DomainError);
    return error as DomainError;
  }
  throw new Error('expected a DomainError, but nothing was thrown');
}

describe('decideWorkspaceAccess: who may do what in a workspace', () => {
  it('gives a session the whole ceiling of the live role, for every role', () => {
    for (const role of ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const) {
      const access = decideWorkspaceAccess(session, 'ws_1', member(role));
      expect(access.role, role).to.equal(role);
      expect(sorted(access.scopes), role).to.deep.equal([...ceilingOf(role)].sort());
      expect(access).to.include({ userId: 'user_1', workspaceId: 'ws_1' });
    }
  });

  it('answers 404 (not found) to a session whose user is not a member', () => {
    expect(failure(() => decideWorkspaceAccess(session, 'ws_1', null))).to.include({ kind: 'not_found', code: 'workspace_not_found' });
  });

  it('answers 404 when the membership handed in is for another workspace or another user', () => {
    expect(failure(() => decideWorkspaceAccess(session, 'ws_1', member('owner', 'ws_2'))).kind).to.equal('not_found');
    expect(failure(() => decideWorkspaceAccess(session, 'ws_1', member('owner', 'ws_1', 'user_2'))).kind).to.equal('not_found');
  });

  it('answers 403 to an API key used on another workspace, even one its user belongs to', () => {
    const error = failure(() => decideWorkspaceAccess(apiKey('owner', ALL_SCOPES, 'ws_1'), 'ws_2', member('owner', 'ws_2')));
    expect(error).to.include({ kind: 'forbidden', code: 'workspace_not_allowed' });
  });

  it('answers 403 (not 404) to a bound credential on a workspace its user is not in: the binding is its own fact', () => {
    expect(failure(() => decideWorkspaceAccess(apiKey('owner'), 'ws_other', null)).kind).to.equal('forbidden');
    expect(failure(() => decideWorkspaceAccess(oauth(['posts:read']), 'ws_other', null)).kind).to.equal('forbidden');
  });

  it('answers 404 to an API key on its own workspace once its creator is no longer a member', () => {
    expect(failure(() => decideWorkspaceAccess(apiKey('editor'), 'ws_1', null)).kind).to.equal('not_found');
  });

  it('narrows an API key to its granted scopes', () => {
    const access = decideWorkspaceAccess(apiKey('editor', ['posts:read', 'stats:read']), 'ws_1', member('owner'));
    expect(sorted(access.scopes)).to.deep.equal(['posts:read', 'stats:read']);
  });

  it("caps an API key by its frozen role even when its creator's live role is higher", () => {
    const access = decideWorkspaceAccess(apiKey('editor', ALL_SCOPES), 'ws_1', member('owner'));
    expect(access.role).to.equal('editor');
    expect(sorted(access.scopes)).to.deep.equal([...ceilingOf('editor')].sort());
  });

  it("caps an API key by its creator's live role once the creator is demoted", () => {
    const access = decideWorkspaceAccess(apiKey('admin'), 'ws_1', member('editor'));
    expect(access.role).to.equal('editor');
    expect(access.scopes.has('posts:write')).to.equal(true);
    expect(access.scopes.has('members:write')).to.equal(false);
    expect(access.scopes.has('apikeys:write')).to.equal(false);
  });

  it('an owner key of a creator demoted to viewer can only read', () => {
    const access = decideWorkspaceAccess(apiKey('owner'), 'ws_1', member('viewer'));
    expect(sorted(access.scopes)).to.deep.equal([...ceilingOf('viewer')].sort());
  });

  // BUG: domain/workspace/Role.ts lowerRole ranks roles by list position, but viewer and
  // contributor are not ordered (viewer has stats:read, contributor has posts:write). A viewer
  // key whose creator is now a contributor keeps stats:read, which the LIVE role lacks.
  it('a viewer key of a creator demoted to contributor does not keep stats:read (beyond the live role)', () => {
    const access = decideWorkspaceAccess(apiKey('viewer'), 'ws_1', member('contributor'));
    expect(access.scopes.has('stats:read')).to.equal(false);
  });

  it("an API key with its role's whole ceiling never exceeds its frozen role or the live role", () => {
    for (const frozen of ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const) {
      for (const live of ['owner', 'admin', 'editor', 'contributor', 'viewer'] as const) {
        const access = decideWorkspaceAccess(apiKey(frozen), 'ws_1', member(live));
        for (const scope of access.scopes) {
          expect(ceilingOf(frozen).has(scope), `${frozen} key, ${live} creator: ${scope}`).to.equal(true);
          if (!(frozen === 'viewer' && live === 'contributor')) {
            // see the BUG test above
            expect(ceilingOf(live).has(scope), `${frozen} key, ${live} creator: ${scope}`).to.equal(true);
          }
        }
      }
    }
  });

  it('narrows an OAuth token to its scopes ∩ the live role', () => {
    const access = decideWorkspaceAccess(oauth(['posts:read', 'posts:write', 'billing:write']), 'ws_1', member('contributor'));
    expect(access.role).to.equal('contributor');
    expect(sorted(access.scopes)).to.deep.equal(['posts:read', 'posts:write']);
  });
});

describe('requireScope', () => {
  it('passes when the access holds the scope', () => {
    const access = decideWorkspaceAccess(session, 'ws_1', member('viewer'));
    expect(() => requireScope(access, 'posts:read')).not.to.throw();
  });

  it('fails with a forbidden InsufficientScope naming the missing scope', () => {
    const access = decideWorkspaceAccess(session, 'ws_1', member('viewer'));
    const error = failure(() => requireScope(access, 'posts:write'));
    expect(error).to.be.instanceOf(InsufficientScope);
    expect(error).to.include({ kind: 'forbidden', code: 'insufficient_scope', scope: 'posts:write' });
    expect(error.message).to.contain('posts:write');
  });

  it('refuses billing:write to an admin session and allows it to an owner session', () => {
    expect(() => requireScope(decideWorkspaceAccess(session, 'ws_1', member('admin')), 'billing:write')).to.throw(InsufficientScope);
    expect(() => requireScope(decideWorkspaceAccess(session, 'ws_1', member('owner')), 'billing:write')).not.to.throw();
  });
});
