import { expect } from 'chai';
import { FIRST_OWNER_EMAIL } from '../../../application/admin/BootstrapFirstStart';
import { AppFixture } from './appFixture';

describe("BootstrapFirstStart: the newcomer's first curl works", () => {
  let app: AppFixture;
  beforeEach(async () => {
    app = await AppFixture.start();
  });

  it('on an empty database, makes an owner whose printed password signs in', async () => {
    const first = (await app.bootstrap.execute())!;
    expect(first.email).to.equal(FIRST_OWNER_EMAIL);
    expect(first.password.length).to.be.at.least(12);
    const owner = (await app.users.findByEmail(FIRST_OWNER_EMAIL))!;
    expect(await app.hasher.verifyPassword(first.password, owner.passwordHash)).to.equal(true);
  });

  it('prints an owner API key that works on the new workspace, billing included', async () => {
    const first = (await app.bootstrap.execute())!;
    expect(first.apiKey.secret).to.match(/^dsk_/);
    const credential = await app.authenticate.execute(first.apiKey.secret);
    const access = await app.authorize.execute(credential, first.workspaceId, 'billing:write');
    expect(access.role).to.equal('owner');
    const workspaces = await app.myWorkspaces.execute(credential);
    expect(workspaces.map((w) => [w.id, w.role])).to.deep.equal([[first.workspaceId, 'owner']]);
  });

  it('makes sandbox connections for Bluesky, Twitter and LinkedIn, so the first post can be published at once', async () => {
    const first = (await app.bootstrap.execute())!;
    expect(first.sandboxConnections.map((c) => c.platform)).to.deep.equal(['BLUESKY', 'TWITTER', 'LINKEDIN']);
    const { items } = await app.connections.listByWorkspace(first.workspaceId, { limit: 10, offset: 0 });
    expect(items.map((c) => [c.platform, c.isSandbox])).to.have.deep.members([
      ['BLUESKY', true],
      ['TWITTER', true],
      ['LINKEDIN', true],
    ]);
  });

  it('sends a first post, a thread of two segments, to publish at once to every sandbox account', async () => {
    const first = (await app.bootstrap.execute())!;
    const post = await app.readPosts.get(first.workspaceId, first.firstPostId);
    expect(post.status).to.equal('publishing');
    expect(post.groups[0]!.segments).to.have.length(2);
    expect(post.targets.map((t) => t.connectionId)).to.have.members(first.sandboxConnections.map((c) => c.id));
    expect(post.targets.every((t) => t.status === 'pending')).to.equal(true);
  });

  it('runs once: a second call returns null and creates nothing', async () => {
    const first = (await app.bootstrap.execute())!;
    expect(await app.bootstrap.execute()).to.equal(null);
    expect(await app.users.count()).to.equal(1);
    expect(await app.memberships.listByWorkspace(first.workspaceId)).to.have.length(1);
    await app.authenticate.execute(first.apiKey.secret);
  });

  it('does nothing on a database that already has a user', async () => {
    await app.user('someone@example.com');
    expect(await app.bootstrap.execute()).to.equal(null);
    expect(await app.users.findByEmail(FIRST_OWNER_EMAIL)).to.equal(null);
  });

  it('prints a different password on each fresh database', async () => {
    const other = await AppFixture.start();
    const [a, b] = await Promise.all([app.bootstrap.execute(), other.bootstrap.execute()]);
    expect(a!.password).not.to.equal(b!.password);
    expect(a!.apiKey.secret).not.to.equal(b!.apiKey.secret);
  });
});
