import { expect } from 'chai';
import { AppFixture, rejection } from './appFixture';

describe('ManageMembers: adding, re-roling and removing members', () => {
  let app: AppFixture;
  let workspaceId: string;
  let ownerId: string;

  beforeEach(async () => {
    app = await AppFixture.start();
    const { owner, workspace } = await app.ownerWithWorkspace();
    workspaceId = workspace.id;
    ownerId = owner.id;
  });

  const roleOf = async (userId: string) => (await app.memberships.find(workspaceId, userId))?.role ?? null;

  it('adds a user by email (in any case) with a role, joining now', async () => {
    const user = await app.user('ed@example.com');
    app.clock.advanceSeconds(60);
    const membership = await app.members.add({ workspaceId, email: 'ED@Example.com', role: 'editor' });
    expect(membership.toSnapshot()).to.deep.equal({ workspaceId, userId: user.id, role: 'editor', createdAt: app.clock.now() });
    expect(await roleOf(user.id)).to.equal('editor');
  });

  it('refuses to add someone who is already a member, leaving their role alone', async () => {
    const user = await app.member(workspaceId, 'ed@example.com', 'editor');
    const error = await rejection(app.members.add({ workspaceId, email: 'ed@example.com', role: 'admin' }));
    expect(error).to.include({ kind: 'conflict', code: 'already_member' });
    expect(await roleOf(user.id)).to.equal('editor');
  });

  it('answers not-found for an unknown user or workspace', async () => {
    expect((await rejection(app.members.add({ workspaceId, email: 'nobody@example.com', role: 'viewer' }))).code).to.equal('user_not_found');
    await app.user('ed@example.com');
    expect((await rejection(app.members.add({ workspaceId: 'ws_missing', email: 'ed@example.com', role: 'viewer' }))).code).to.equal('workspace_not_found');
  });

  it("changes a member's role", async () => {
    const user = await app.member(workspaceId, 'ed@example.com', 'editor');
    const membership = await app.members.setRole({ workspaceId, email: 'ed@example.com', role: 'contributor' });
    expect(membership.role).to.equal('contributor');
    expect(await roleOf(user.id)).to.equal('contributor');
  });

  it('answers not-found when changing the role of, or removing, a non-member', async () => {
    await app.user('ed@example.com');
    expect((await rejection(app.members.setRole({ workspaceId, email: 'ed@example.com', role: 'viewer' }))).code).to.equal('membership_not_found');
    expect((await rejection(app.members.remove({ workspaceId, email: 'ed@example.com' }))).code).to.equal('membership_not_found');
  });

  it('refuses to demote the last owner, who stays owner', async () => {
    await app.member(workspaceId, 'admin@example.com', 'admin');
    const error = await rejection(app.members.setRole({ workspaceId, email: 'owner@example.com', role: 'admin' }));
    expect(error).to.include({ kind: 'conflict', code: 'last_owner' });
    expect(await roleOf(ownerId)).to.equal('owner');
  });

  it('refuses to remove the last owner, who stays a member', async () => {
    const error = await rejection(app.members.remove({ workspaceId, email: 'owner@example.com' }));
    expect(error).to.include({ kind: 'conflict', code: 'last_owner' });
    expect(await roleOf(ownerId)).to.equal('owner');
  });

  it('once a second owner exists, the first may step down and then leave', async () => {
    await app.member(workspaceId, 'second@example.com', 'admin');
    await app.members.setRole({ workspaceId, email: 'second@example.com', role: 'owner' });
    await app.members.setRole({ workspaceId, email: 'owner@example.com', role: 'viewer' });
    expect(await roleOf(ownerId)).to.equal('viewer');
    await app.members.remove({ workspaceId, email: 'owner@example.com' });
    expect(await roleOf(ownerId)).to.equal(null);
    expect((await rejection(app.members.remove({ workspaceId, email: 'second@example.com' }))).code).to.equal('last_owner');
  });

  it('removes a member, who is no longer listed in the workspace', async () => {
    const user = await app.member(workspaceId, 'ed@example.com', 'editor');
    const removed = await app.members.remove({ workspaceId, email: 'ed@example.com' });
    expect(removed.userId).to.equal(user.id);
    expect((await app.memberships.listByWorkspace(workspaceId)).map((m) => m.userId)).to.deep.equal([ownerId]);
  });

  it('the last-owner rule is per workspace', async () => {
    const { workspace: other } = await app.createWorkspace.execute({ name: 'Other', ownerEmail: 'owner@example.com' });
    await app.member(other.id, 'two@example.com', 'owner');
    await app.members.remove({ workspaceId: other.id, email: 'owner@example.com' });
    expect((await rejection(app.members.remove({ workspaceId, email: 'owner@example.com' }))).code).to.equal('last_owner');
  });
});
