import { expect } from 'chai';
import { isWellFormedApiKey, lookupPrefixOf } from '../../../application/auth/apiKeyFormat';
import { CliFixture, NOW } from './cliFixture';

describe('CLI apikey create and revoke', () => {
  let cli: CliFixture;
  let workspaceId: string;
  let ownerId: string;
  const create = (...extra: string[]) => ['apikey', 'create', '--workspace', workspaceId, '--email', 'owner@example.com', ...extra];

  beforeEach(async () => {
    cli = new CliFixture();
    ({ ownerId, workspaceId } = await cli.ownerWithWorkspace());
  });

  it('create prints the key once, and the key hashes to the stored hash', async () => {
    const out = await cli.json(...create('--role', 'editor', '--scopes', 'posts:write posts:read', '--name', 'CI'));
    expect(out.apiKey).to.deep.equal({
      id: out.apiKey.id,
      name: 'CI',
      workspaceId,
      userId: ownerId,
      role: 'editor',
      scopes: ['posts:read', 'posts:write'],
      createdAt: NOW.toISOString(),
    });
    expect(Object.keys(out).sort()).to.deep.equal(['apiKey', 'key']);
    expect(isWellFormedApiKey(out.key)).to.equal(true);
    const stored = await cli.apiKeys.findById(out.apiKey.id);
    expect(stored!.secretHash).to.equal(cli.hasher.hashToken(out.key));
    expect(cli.hasher.tokenMatches(out.key, stored!.secretHash)).to.equal(true);
    expect((await cli.apiKeys.findByLookupPrefix(lookupPrefixOf(out.key)))?.id).to.equal(out.apiKey.id);
    expect(JSON.stringify(out)).not.to.include(stored!.secretHash);
  });

  it('create without --scopes grants the whole ceiling of the role', async () => {
    const out = await cli.json(...create('--role', 'viewer'));
    expect(out.apiKey.scopes).to.deep.equal(['accounts:read', 'members:read', 'posts:read', 'reviews:read', 'stats:read']);
  });

  it('create without --json prints one line holding the key', async () => {
    const result = await cli.run(...create('--role', 'viewer'));
    expect(result.code).to.equal(0);
    const key = /the key, shown only now: (dsk_\S+)\n$/.exec(result.stdout)?.[1];
    expect(isWellFormedApiKey(key ?? '')).to.equal(true);
  });

  it('refuses an unknown scope, a scope above the role, an empty scope list and a bad role (exit 1)', async () => {
    const unknown = await cli.jsonError(...create('--role', 'editor', '--scopes', 'posts:read posts:delete'));
    expect(unknown).to.deep.equal({ code: 1, error: { code: 'invalid_scope', message: 'scopes: unknown scope(s): posts:delete' } });
    const above = await cli.jsonError(...create('--role', 'viewer', '--scopes', 'posts:write'));
    expect(above.error.code).to.equal('scope_above_role');
    expect((await cli.jsonError(...create('--role', 'viewer', '--scopes', ''))).error.code).to.equal('invalid_scope');
    const badRole = await cli.jsonError(...create('--role', 'root'));
    expect(badRole).to.deep.include({ code: 1 });
    expect(badRole.error.code).to.equal('invalid_role');
  });

  it('refuses a key for a user who is not a member, and requires --role (exit 2)', async () => {
    await cli.createUser('stranger@example.com');
    const stranger = await cli.jsonError('apikey', 'create', '--workspace', workspaceId, '--email', 'stranger@example.com', '--role', 'viewer');
    expect(stranger).to.deep.equal({ code: 1, error: { code: 'membership_not_found', message: 'Membership not found' } });
    expect((await cli.jsonError(...create())).code).to.equal(2);
  });

  it('revoke prints only the id and the revocation time, never the key or its hash', async () => {
    const first = await cli.json(...create('--role', 'viewer'));
    const second = await cli.json(...create('--role', 'viewer'));
    const printedBefore = cli.transcript.length;
    const out = await cli.json('apikey', 'revoke', '--id', first.apiKey.id);
    expect(out).to.deep.equal({ apiKey: { id: first.apiKey.id, revokedAt: NOW.toISOString() } });
    const human = await cli.run('apikey', 'revoke', '--id', second.apiKey.id);
    expect(human).to.deep.equal({ code: 0, stdout: `revoked API key ${second.apiKey.id} at ${NOW.toISOString()}\n`, stderr: '' });
    const printed = cli.transcript.slice(printedBefore).join('');
    for (const created of [first, second]) {
      const stored = await cli.apiKeys.findById(created.apiKey.id);
      expect(stored!.revokedAt?.toISOString()).to.equal(NOW.toISOString());
      expect(printed).not.to.include(created.key.slice(4, 20));
      expect(printed).not.to.include(stored!.secretHash);
    }
  });

  it('revoke refuses an unknown id and a second revocation (exit 1)', async () => {
    expect(await cli.jsonError('apikey', 'revoke', '--id', 'nope')).to.deep.equal({
      code: 1,
      error: { code: 'api_key_not_found', message: 'API key not found' },
    });
    const created = await cli.json(...create('--role', 'viewer'));
    await cli.json('apikey', 'revoke', '--id', created.apiKey.id);
    const again = await cli.run('apikey', 'revoke', '--id', created.apiKey.id);
    expect(again).to.deep.equal({
      code: 1,
      stdout: '',
      stderr: 'error: the API key is already revoked [api_key_already_revoked]\n',
    });
  });
});
