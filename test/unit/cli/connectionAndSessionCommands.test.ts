import { expect } from 'chai';
import { CliFixture, DEFAULT_SESSION_TTL, NOW } from './cliFixture';

const inSeconds = (seconds: number) => new Date(NOW.getTime() + seconds * 1000).toISOString();

describe('CLI connection add and session issue', () => {
  let cli: CliFixture;
  let workspaceId: string;
  let ownerId: string;

  beforeEach(async () => {
    cli = new CliFixture();
    ({ ownerId, workspaceId } = await cli.ownerWithWorkspace());
  });

  it('connection add prints the connection and stores it (platform in any case)', async () => {
    const out = await cli.json(
      'connection',
      'add',
      '--workspace',
      workspaceId,
      '--platform',
      'bluesky',
      '--handle',
      'acme.bsky.social',
      '--name',
      'Acme on Bluesky',
    );
    expect(out).to.deep.equal({
      connection: {
        id: out.connection.id,
        workspaceId,
        platform: 'BLUESKY',
        handle: 'acme.bsky.social',
        displayName: 'Acme on Bluesky',
        status: 'active',
        sandbox: true,
        createdAt: NOW.toISOString(),
      },
      created: true,
    });
    expect((await cli.connections.findById(out.connection.id))?.handle).to.equal('acme.bsky.social');
  });

  it('connection add run again keeps the live account of that platform and handle instead of adding a second', async () => {
    const add = (...extra: string[]) => cli.json('connection', 'add', '--workspace', workspaceId, '--platform', 'instagram', '--handle', 'me', ...extra);
    const first = await add();
    const again = await add();
    expect(again).to.deep.equal({ ...first, created: false });
    const text = await cli.run('connection', 'add', '--workspace', workspaceId, '--platform', 'INSTAGRAM', '--handle', 'me');
    expect(text.stdout).to.equal(`kept sandbox INSTAGRAM connection ${first.connection.id} (me): workspace ${workspaceId} already has it\n`);
    // Another handle, or a real account of the same handle, is another account.
    expect((await add('--sandbox', 'false')).created).to.equal(true);
    expect((await cli.json('connection', 'add', '--workspace', workspaceId, '--platform', 'INSTAGRAM', '--handle', 'other')).created).to.equal(true);
    expect((await cli.connections.listByWorkspace(workspaceId, { limit: 10, offset: 0 })).total).to.equal(3);
  });

  it('connection add makes a sandbox connection by default, a real one with --sandbox false', async () => {
    const add = (...extra: string[]) => cli.json('connection', 'add', '--workspace', workspaceId, '--platform', 'TWITTER', '--handle', 'me', ...extra);
    expect((await cli.connections.findById((await add()).connection.id))?.isSandbox).to.equal(true);
    expect((await cli.connections.findById((await add('--sandbox', 'false')).connection.id))?.isSandbox).to.equal(false);
  });

  it('connection add takes the aliases the API takes: x is TWITTER, LinkedIn is LINKEDIN', async () => {
    const add = (platform: string) => cli.json('connection', 'add', '--workspace', workspaceId, '--platform', platform, '--handle', `on-${platform}`);
    expect((await add('x')).connection.platform).to.equal('TWITTER');
    expect((await add('LinkedIn')).connection.platform).to.equal('LINKEDIN');
  });

  it('connection add refuses a bad platform and an unknown workspace (exit 1)', async () => {
    const badPlatform = await cli.jsonError('connection', 'add', '--workspace', workspaceId, '--platform', 'myspace', '--handle', 'x');
    expect(badPlatform).to.deep.include({ code: 1 });
    expect(badPlatform.error.code).to.equal('invalid_platform');
    expect(badPlatform.error.message).to.include('BLUESKY').and.to.include('TWITTER (or X)');
    const unknown = await cli.jsonError('connection', 'add', '--workspace', 'nope', '--platform', 'BLUESKY', '--handle', 'x');
    expect(unknown).to.deep.equal({ code: 1, error: { code: 'workspace_not_found', message: 'Workspace not found' } });
  });

  it('session issue prints a token for the user, with the default lifetime', async () => {
    const out = await cli.json('session', 'issue', '--email', 'owner@example.com');
    expect(out).to.deep.equal({ token: out.token, expiresAt: inSeconds(DEFAULT_SESSION_TTL), userId: ownerId, sessionId: out.sessionId });
    expect((await cli.sessions.verify(out.token))?.userId).to.equal(ownerId);
    expect((await cli.sessionStore.find(out.sessionId))?.revokedAt).to.equal(null);
  });

  it('session revoke ends a session before its expiry, and refuses an unknown id (exit 1)', async () => {
    const { sessionId } = await cli.json('session', 'issue', '--email', 'owner@example.com');
    expect(await cli.json('session', 'revoke', '--id', sessionId)).to.deep.equal({ revoked: sessionId });
    expect((await cli.sessionStore.find(sessionId))?.revokedAt).to.be.instanceOf(Date);
    expect((await cli.jsonError('session', 'revoke', '--id', 'nope')).error.code).to.equal('session_not_found');
  });

  it('session issue honours --ttl and refuses a malformed one (exit 2)', async () => {
    expect((await cli.json('session', 'issue', '--email', 'owner@example.com', '--ttl', '60')).expiresAt).to.equal(inSeconds(60));
    for (const ttl of ['0', '-5', '1.5', 'soon', '']) {
      const refused = await cli.jsonError('session', 'issue', '--email', 'owner@example.com', `--ttl=${ttl}`);
      expect(refused.code, ttl).to.equal(2);
      expect(refused.error.code).to.equal('invalid_ttl');
    }
    expect(cli.sessions.issued.size).to.equal(1);
  });

  it('session issue refuses an unknown user (exit 1)', async () => {
    expect(await cli.jsonError('session', 'issue', '--email', 'ghost@example.com')).to.deep.equal({
      code: 1,
      error: { code: 'user_not_found', message: 'User not found' },
    });
  });
});
