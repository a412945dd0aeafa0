import { expect } from 'chai';
import { AppFixture, PASSWORD, rejection } from './appFixture';

describe('CreateUser', () => {
  let app: AppFixture;
  beforeEach(async () => {
    app = await AppFixture.start();
  });

  it('stores the user with a normalised email and a hash that verifies only the password', async () => {
    const user = await app.createUser.execute({ email: ' Ada@Example.com ', password: PASSWORD, name: 'Ada' });
    const stored = (await app.users.findByEmail('ada@example.com'))!;
    expect(stored.toSnapshot()).to.include({ id: user.id, email: 'ada@example.com', name: 'Ada' });
    expect(stored.createdAt).to.deep.equal(app.clock.now());
    expect(stored.passwordHash).not.to.contain(PASSWORD);
    expect(await app.hasher.verifyPassword(PASSWORD, stored.passwordHash)).to.equal(true);
    expect(await app.hasher.verifyPassword(`${PASSWORD}!`, stored.passwordHash)).to.equal(false);
  });

  it('refuses a short password and stores nothing', async () => {
    const error = await rejection(app.createUser.execute({ email: 'ada@example.com', password: 'short' }));
    expect(error).to.include({ kind: 'validation', code: 'weak_password' });
    expect(await app.users.count()).to.equal(0);
  });

  it('refuses an invalid email and stores nothing', async () => {
    expect((await rejection(app.createUser.execute({ email: 'ada', password: PASSWORD }))).code).to.equal('invalid_email');
    expect(await app.users.count()).to.equal(0);
  });

  it('refuses a second user with the same email in another case', async () => {
    await app.user('ada@example.com');
    const error = await rejection(app.createUser.execute({ email: 'ADA@example.com', password: PASSWORD }));
    expect(error).to.include({ kind: 'conflict', code: 'email_taken' });
    expect(await app.users.count()).to.equal(1);
  });
});

describe('CreateWorkspace', () => {
  let app: AppFixture;
  beforeEach(async () => {
    app = await AppFixture.start();
  });

  it('creates the workspace with its owner as its one member', async () => {
    const owner = await app.user('owner@example.com');
    const { workspace, membership } = await app.createWorkspace.execute({ name: ' Acme ', ownerEmail: 'Owner@Example.com' });
    expect((await app.workspaces.findById(workspace.id))!.toSnapshot()).to.deep.equal({
      id: workspace.id,
      name: 'Acme',
      createdAt: app.clock.now(),
    });
    expect(membership.toSnapshot()).to.deep.equal({ workspaceId: workspace.id, userId: owner.id, role: 'owner', createdAt: app.clock.now() });
    expect((await app.memberships.listByWorkspace(workspace.id)).map((m) => [m.userId, m.role])).to.deep.equal([[owner.id, 'owner']]);
  });

  it('answers not-found for an unknown owner', async () => {
    const error = await rejection(app.createWorkspace.execute({ name: 'Acme', ownerEmail: 'nobody@example.com' }));
    expect(error).to.include({ kind: 'not_found', code: 'user_not_found' });
  });

  it('refuses a blank name and leaves the owner without a workspace', async () => {
    const owner = await app.user('owner@example.com');
    expect((await rejection(app.createWorkspace.execute({ name: '  ', ownerEmail: 'owner@example.com' }))).code).to.equal('invalid_name');
    expect(await app.memberships.listByUser(owner.id)).to.deep.equal([]);
  });
});
