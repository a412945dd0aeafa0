import { expect } from 'chai';
import { CliFixture, NOW, PASSWORD } from './cliFixture';

/** What an operator runs when someone lost access: who is there, a new password, the keys and accounts. */
describe('CLI user list, user reset-password, apikey list, connection list', () => {
  let cli: CliFixture;
  let workspaceId: string;
  let ownerId: string;

  beforeEach(async () => {
    cli = new CliFixture();
    ({ ownerId, workspaceId } = await cli.ownerWithWorkspace());
  });

  it('user reset-password prints a new password once: it signs in, the old one no longer does', async () => {
    const out = await cli.json('user', 'reset-password', '--email', 'Owner@Example.com');
    expect(out).to.deep.equal({
      user: { id: ownerId, email: 'owner@example.com', name: null, createdAt: NOW.toISOString() },
      password: out.password,
      sessionsRevoked: 0,
    });
    expect(out.password).to.match(/^[A-Za-z0-9_-]{24}$/);
    const stored = (await cli.users.findById(ownerId))!;
    expect(await cli.hasher.verifyPassword(out.password, stored.passwordHash)).to.equal(true);
    expect(await cli.hasher.verifyPassword(PASSWORD, stored.passwordHash)).to.equal(false);
    expect(JSON.stringify(out)).not.to.include(stored.passwordHash);
    const again = await cli.json('user', 'reset-password', '--email', 'owner@example.com');
    expect(again.password).not.to.equal(out.password);
  });

  it('user reset-password revokes every live session of that user, and only theirs', async () => {
    await cli.createUser('other@example.com');
    const mine = [await cli.json('session', 'issue', '--email', 'owner@example.com'), await cli.json('session', 'issue', '--email', 'owner@example.com')];
    const browser = { id: 'browser-1', userId: ownerId, tokenHash: 'sha', createdAt: NOW, expiresAt: new Date(NOW.getTime() + 60_000), revokedAt: null };
    await cli.sessionStore.create(browser);
    const theirs = await cli.json('session', 'issue', '--email', 'other@example.com');

    const result = await cli.run('user', 'reset-password', '--email', 'owner@example.com');
    expect(result.code).to.equal(0);
    expect(result.stdout).to.match(/^new password for user \S+ <owner@example\.com>, shown only now: [A-Za-z0-9_-]{24} \(3 sessions revoked\)\n$/);
    for (const id of [...mine.map((s) => s.sessionId), browser.id]) expect((await cli.sessionStore.find(id))?.revokedAt, id).to.deep.equal(NOW);
    expect((await cli.sessionStore.find(theirs.sessionId))?.revokedAt).to.equal(null);
  });

  it('user reset-password refuses an unknown email (exit 1) and changes nothing', async () => {
    const before = (await cli.users.findById(ownerId))!.passwordHash;
    expect(await cli.jsonError('user', 'reset-password', '--email', 'nobody@example.com')).to.deep.equal({
      code: 1,
      error: { code: 'user_not_found', message: 'User not found' },
    });
    expect((await cli.jsonError('user', 'reset-password')).code).to.equal(2);
    expect((await cli.users.findById(ownerId))!.passwordHash).to.equal(before);
  });

  it('user list shows every user with their workspaces and roles, never a password hash', async () => {
    const memberId = await cli.createUser('member@example.com');
    await cli.json('member', 'add', '--workspace', workspaceId, '--email', 'member@example.com', '--role', 'editor');
    const loneId = await cli.createUser('lone@example.com');
    const out = await cli.json('user', 'list');
    const view = (id: string, email: string, workspaces: unknown[]) => ({ id, email, name: null, createdAt: NOW.toISOString(), workspaces });
    expect(out.users).to.have.deep.members([
      view(ownerId, 'owner@example.com', [{ id: workspaceId, name: 'Acme', role: 'owner' }]),
      view(memberId, 'member@example.com', [{ id: workspaceId, name: 'Acme', role: 'editor' }]),
      view(loneId, 'lone@example.com', []),
    ]);
    const text = await cli.run('user', 'list');
    expect(text.stdout.trimEnd().split('\n')).to.have.length(3);
    expect(text.stdout).to.include(`<owner@example.com>: owner of ${workspaceId} (Acme)`).and.to.include('<lone@example.com>: no workspace');
    expect(text.stdout + JSON.stringify(out)).not.to.include((await cli.users.findById(ownerId))!.passwordHash);
  });

  it('apikey list shows the workspace keys with their member, revoked ones included, never a key', async () => {
    const first = await cli.json('apikey', 'create', '--workspace', workspaceId, '--email', 'owner@example.com', '--role', 'editor', '--name', 'CI');
    const second = await cli.json('apikey', 'create', '--workspace', workspaceId, '--email', 'owner@example.com', '--role', 'viewer', '--scopes', 'posts:read');
    await cli.json('apikey', 'revoke', '--id', first.apiKey.id);
    const out = await cli.json('apikey', 'list', '--workspace', workspaceId);
    expect(out.apiKeys.map((k: { id: string }) => k.id)).to.have.members([first.apiKey.id, second.apiKey.id]);
    expect(out.apiKeys.find((k: { id: string }) => k.id === second.apiKey.id)).to.deep.equal({
      ...second.apiKey,
      email: 'owner@example.com',
      revokedAt: null,
    });
    expect(out.apiKeys.find((k: { id: string }) => k.id === first.apiKey.id).revokedAt).to.equal(NOW.toISOString());
    const text = (await cli.run('apikey', 'list', '--workspace', workspaceId)).stdout;
    expect(text).to.include(`${first.apiKey.id} "CI" editor as owner@example.com`).and.to.include(`revoked ${NOW.toISOString()}`);
    for (const printed of [text, JSON.stringify(out)]) for (const key of [first.key, second.key]) expect(printed).not.to.include(key);
  });

  it('connection list shows the workspace connections with platform, handle and status', async () => {
    expect(await cli.json('connection', 'list', '--workspace', workspaceId)).to.deep.equal({ connections: [] });
    const added = await cli.json('connection', 'add', '--workspace', workspaceId, '--platform', 'bluesky', '--handle', 'acme.bsky.social');
    const out = await cli.json('connection', 'list', '--workspace', workspaceId);
    expect(out).to.deep.equal({ connections: [added.connection] });
    expect((await cli.run('connection', 'list', '--workspace', workspaceId)).stdout).to.equal(
      `${added.connection.id} BLUESKY acme.bsky.social: active, sandbox\n`,
    );
  });

  it("on a database with no users at all, an unknown workspace says the CLI may not be on the service's database, and where it looked", async () => {
    const empty = new CliFixture();
    const refused = await empty.jsonError('connection', 'list', '--workspace', 'nope');
    expect(refused).to.deep.equal({
      code: 1,
      error: {
        code: 'workspace_not_found',
        message:
          "Workspace not found: this database (/srv/dispatch/data/dispatch.sqlite) holds no users yet. Is DATA_DIR or DATABASE_URL the service's? Run the CLI with the service's settings",
      },
    });
  });

  it('apikey list and connection list refuse an unknown workspace (exit 1) rather than list nothing', async () => {
    for (const group of ['apikey', 'connection']) {
      expect(await cli.jsonError(group, 'list', '--workspace', 'nope')).to.deep.equal({
        code: 1,
        error: { code: 'workspace_not_found', message: 'Workspace not found' },
      });
    }
  });
});
