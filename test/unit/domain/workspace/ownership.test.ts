import { expect } from 'chai';
import { DomainError } from '../../../../domain/shared/DomainError';
import { Membership } from '../../../../domain/workspace/Membership';
import { assertKeepsAnOwner } from '../../../../domain/workspace/ownership';
import { type Role } from '../../../../domain/workspace/Role';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const members = (...roles: Role[]) => roles.map((role, i) => Membership.create({ workspaceId: 'ws_1', userId: `user_${i + 1}`, role, now: NOW }));

const lastOwner = (run: () => void) => expect(run).to.throw(DomainError).that.includes({ kind: 'conflict', code: 'last_owner' });

describe('assertKeepsAnOwner: a workspace always keeps an owner', () => {
  it('refuses to remove the only owner', () => {
    lastOwner(() => assertKeepsAnOwner(members('owner', 'admin'), 'user_1', null));
  });

  it('refuses to demote the only owner to any other role', () => {
    for (const role of ['admin', 'editor', 'contributor', 'viewer'] as const) {
      lastOwner(() => assertKeepsAnOwner(members('owner', 'admin'), 'user_1', role));
    }
  });

  it('lets the only owner be "set" to owner again', () => {
    expect(() => assertKeepsAnOwner(members('owner'), 'user_1', 'owner')).not.to.throw();
  });

  it('lets one of two owners leave or be demoted', () => {
    expect(() => assertKeepsAnOwner(members('owner', 'owner'), 'user_1', null)).not.to.throw();
    expect(() => assertKeepsAnOwner(members('owner', 'owner'), 'user_2', 'viewer')).not.to.throw();
  });

  it('lets any non-owner leave or change role while an owner remains', () => {
    expect(() => assertKeepsAnOwner(members('owner', 'admin'), 'user_2', null)).not.to.throw();
    expect(() => assertKeepsAnOwner(members('owner', 'admin'), 'user_2', 'viewer')).not.to.throw();
  });
});

describe('Membership', () => {
  it('records who is in which workspace with which role, from when', () => {
    const membership = Membership.create({ workspaceId: 'ws_1', userId: 'user_1', role: 'editor', now: NOW });
    expect(membership.toSnapshot()).to.deep.equal({ workspaceId: 'ws_1', userId: 'user_1', role: 'editor', createdAt: NOW });
  });

  it('changes its role, keeping when it began', () => {
    const membership = Membership.create({ workspaceId: 'ws_1', userId: 'user_1', role: 'editor', now: NOW });
    membership.changeRole('viewer');
    expect(membership.role).to.equal('viewer');
    expect(membership.createdAt).to.deep.equal(NOW);
  });

  it('a snapshot taken before a change is not altered by it', () => {
    const membership = Membership.create({ workspaceId: 'ws_1', userId: 'user_1', role: 'editor', now: NOW });
    const before = membership.toSnapshot();
    membership.changeRole('admin');
    expect(before.role).to.equal('editor');
    expect(Membership.rehydrate(before).role).to.equal('editor');
  });
});
