import { expect } from 'chai';
import { type Credential } from '../../../domain/credential/Credential';
import { ALL_SCOPES } from '../../../domain/credential/Scope';
import { AppFixture, rejection } from './appFixture';
import { ADMIN_EMAIL, EDITOR_EMAIL, OWNER_EMAIL } from '../../support/data/people';

describe('GetCurrentUser', () => {
  let app: AppFixture;
  let workspaceId: string;

  beforeEach(async () => {
    app = await AppFixture.start();
    ({
      workspace: { id: workspaceId },
    } = await app.ownerWithWorkspace());
  });

  it('answers a session with its user and every scope granted (the live role narrows them per workspace)', async () => {
    const credential = await app.authenticate.execute(await app.sessionFor(OWNER_EMAIL));
    const me = await app.currentUser.execute(credential);
    expect(me.user.email).to.equal(OWNER_EMAIL);
    expect(me.credential).to.deep.equal(credential);
    expect([...me.grantedScopes]).to.deep.equal([...ALL_SCOPES]);
  });

  it('answers an API key with the scopes it was granted', async () => {
    const { secret } = await app.apiKeys.create({ workspaceId, email: OWNER_EMAIL, role: 'viewer', scopes: ['stats:read', 'posts:read'] });
    const me = await app.currentUser.execute(await app.authenticate.execute(secret));
    expect(me.grantedScopes).to.deep.equal(['posts:read', 'stats:read']);
  });

  it('answers not-found for a credential whose user does not exist', async () => {
    const ghost: Credential = { kind: 'session', id: 'sess_1', userId: 'user_gone' };
    expect((await rejection(app.currentUser.execute(ghost))).code).to.equal('user_not_found');
  });
});

describe('ListMyWorkspaces', () => {
  let app: AppFixture;

  beforeEach(async () => {
    app = await AppFixture.start();
  });

  it("lists a session's workspaces with the live role, oldest membership first", async () => {
    const { workspace: acme } = await app.ownerWithWorkspace(OWNER_EMAIL, 'Acme');
    const { workspace: beta } = await app.ownerWithWorkspace('boss@example.com', 'Beta');
    await app.user(EDITOR_EMAIL);
    app.clock.advanceSeconds(10);
    await app.members.add({ workspaceId: beta.id, email: EDITOR_EMAIL, role: 'viewer' });
    app.clock.advanceSeconds(10);
    await app.members.add({ workspaceId: acme.id, email: EDITOR_EMAIL, role: 'editor' });
    const session = await app.authenticate.execute(await app.sessionFor(EDITOR_EMAIL));

    const listed = await app.myWorkspaces.execute(session);
    expect(listed.map((w) => [w.name, w.role])).to.deep.equal([
      ['Beta', 'viewer'],
      ['Acme', 'editor'],
    ]);
    expect(listed[0]!.joinedAt.getTime()).to.be.lessThan(listed[1]!.joinedAt.getTime());

    await app.members.setRole({ workspaceId: beta.id, email: EDITOR_EMAIL, role: 'contributor' });
    await app.members.remove({ workspaceId: acme.id, email: EDITOR_EMAIL });
    expect((await app.myWorkspaces.execute(session)).map((w) => [w.id, w.role])).to.deep.equal([[beta.id, 'contributor']]);
  });

  it("shows an API key only its own workspace, never the user's others", async () => {
    const { workspace: acme } = await app.ownerWithWorkspace(OWNER_EMAIL, 'Acme');
    await app.createWorkspace.execute({ name: 'Secret project', ownerEmail: OWNER_EMAIL });
    const { secret } = await app.apiKeys.create({ workspaceId: acme.id, email: OWNER_EMAIL, role: 'viewer' });
    const listed = await app.myWorkspaces.execute(await app.authenticate.execute(secret));
    expect(listed).to.deep.equal([{ id: acme.id, name: 'Acme', role: 'viewer', joinedAt: app.clock.now() }]);
  });

  it("reports an API key's effective role: the lower of its frozen role and its creator's live one", async () => {
    const { workspace: acme } = await app.ownerWithWorkspace(OWNER_EMAIL, 'Acme');
    await app.member(acme.id, ADMIN_EMAIL, 'admin');
    const { secret } = await app.apiKeys.create({ workspaceId: acme.id, email: ADMIN_EMAIL, role: 'admin' });
    const roleNow = async () => (await app.myWorkspaces.execute(await app.authenticate.execute(secret))).map((w) => w.role);
    expect(await roleNow()).to.deep.equal(['admin']);
    await app.members.setRole({ workspaceId: acme.id, email: ADMIN_EMAIL, role: 'editor' });
    expect(await roleNow(), 'the live role lowers the frozen one').to.deep.equal(['editor']);
    await app.members.setRole({ workspaceId: acme.id, email: ADMIN_EMAIL, role: 'owner' });
    expect(await roleNow(), 'a promotion does not raise the key').to.deep.equal(['admin']);
  });

  it('lists nothing for a user who belongs to no workspace', async () => {
    await app.user('loner@example.com');
    const session = await app.authenticate.execute(await app.sessionFor('loner@example.com'));
    expect(await app.myWorkspaces.execute(session)).to.deep.equal([]);
  });
});
