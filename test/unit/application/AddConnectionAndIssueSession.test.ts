import { expect } from 'chai';
import { AppFixture, rejection, SESSION_TTL_SECONDS } from './appFixture';

describe('AddConnection', () => {
  let app: AppFixture;
  let workspaceId: string;

  beforeEach(async () => {
    app = await AppFixture.start();
    ({
      workspace: { id: workspaceId },
    } = await app.ownerWithWorkspace());
  });

  it('records an active connection, the platform name upper-cased and the handle trimmed', async () => {
    const connection = await app.addConnection.execute({ workspaceId, platform: 'bluesky', handle: ' @acme.bsky.social ', displayName: 'Acme' });
    expect((await app.connections.findById(connection.id))!.toSnapshot()).to.deep.equal({
      id: connection.id,
      workspaceId,
      platform: 'BLUESKY',
      handle: '@acme.bsky.social',
      displayName: 'Acme',
      status: 'active',
      sandbox: false,
      createdAt: app.clock.now(),
      accountId: null,
      publishAs: null,
      statusReason: null,
      lastError: null,
    });
  });

  it('records a sandbox connection when asked (docs/decisions.md, "The sandbox platform")', async () => {
    const connection = await app.addConnection.execute({ workspaceId, platform: 'TWITTER', handle: 'me', sandbox: true });
    expect((await app.connections.findById(connection.id))!.isSandbox).to.equal(true);
  });

  it("lists the workspace's connections oldest first", async () => {
    const first = await app.addConnection.execute({ workspaceId, platform: 'TWITTER', handle: 'one' });
    app.clock.advanceSeconds(1);
    const second = await app.addConnection.execute({ workspaceId, platform: 'THREADS', handle: 'two' });
    const { items, total } = await app.connections.listByWorkspace(workspaceId, { limit: 10, offset: 0 });
    expect(total).to.equal(2);
    expect(items.map((c) => c.id)).to.deep.equal([first.id, second.id]);
  });

  it('refuses an unknown platform, listing the known ones', async () => {
    const error = await rejection(app.addConnection.execute({ workspaceId, platform: 'MYSPACE', handle: 'acme' }));
    expect(error).to.include({ kind: 'validation', code: 'invalid_platform' });
    expect(error.message).to.contain('BLUESKY');
  });

  it('refuses a blank handle and an unknown workspace', async () => {
    expect((await rejection(app.addConnection.execute({ workspaceId, platform: 'TWITTER', handle: '  ' }))).code).to.equal('invalid_handle');
    expect((await rejection(app.addConnection.execute({ workspaceId: 'ws_missing', platform: 'TWITTER', handle: 'a' }))).code).to.equal('workspace_not_found');
  });
});

describe('IssueSession', () => {
  let app: AppFixture;
  let ownerId: string;

  beforeEach(async () => {
    app = await AppFixture.start();
    ({
      owner: { id: ownerId },
    } = await app.ownerWithWorkspace());
  });

  it('issues a session token for the user, valid for the default lifetime', async () => {
    const issued = await app.issueSession.execute({ email: 'OWNER@example.com' });
    expect(issued.userId).to.equal(ownerId);
    expect(issued.expiresAt).to.deep.equal(new Date(app.clock.now().getTime() + SESSION_TTL_SECONDS * 1000));
    expect((await app.authenticate.execute(issued.token)).userId).to.equal(ownerId);
  });

  it('honours a shorter lifetime asked for', async () => {
    const issued = await app.issueSession.execute({ email: 'owner@example.com', ttlSeconds: 60 });
    expect(issued.expiresAt).to.deep.equal(new Date(app.clock.now().getTime() + 60_000));
    app.clock.advanceSeconds(60);
    expect((await rejection(app.authenticate.execute(issued.token))).kind).to.equal('unauthenticated');
  });

  it('gives each session its own id', async () => {
    const a = await app.authenticate.execute(await app.sessionFor('owner@example.com'));
    const b = await app.authenticate.execute(await app.sessionFor('owner@example.com'));
    expect(a.id).not.to.equal(b.id);
  });

  it('answers not-found for an unknown user', async () => {
    expect((await rejection(app.issueSession.execute({ email: 'nobody@example.com' }))).code).to.equal('user_not_found');
  });
});
