import { expect } from 'chai';
import { CliFixture, NOW } from './cliFixture';

describe('CLI client register, list and remove', () => {
  let cli: CliFixture;
  const register = (...extra: string[]) => [
    'client',
    'register',
    '--client-id',
    'acme.web',
    '--name',
    'Acme Web',
    '--scope',
    'posts:write posts:read',
    ...extra,
  ];
  const codeClient = [
    '--grant',
    'authorization_code',
    '--grant',
    'refresh_token',
    '--redirect-uri',
    'https://acme.example/cb',
    '--redirect-uri',
    'http://127.0.0.1:8765/cb',
  ];

  beforeEach(() => {
    cli = new CliFixture();
  });

  it('registers a public client with repeated --grant and --redirect-uri, and prints no secret', async () => {
    const out = await cli.json(...register(...codeClient));
    expect(out).to.deep.equal({
      client: {
        clientId: 'acme.web',
        name: 'Acme Web',
        redirectUris: ['https://acme.example/cb', 'http://127.0.0.1:8765/cb'],
        grants: ['authorization_code', 'refresh_token'],
        scopes: ['posts:read', 'posts:write'],
        confidential: false,
        createdAt: NOW.toISOString(),
      },
    });
    const stored = await cli.oauthClients.findById('acme.web');
    expect(stored!.secretHash).to.equal(null);
    expect(stored!.allowsRedirectUri('http://127.0.0.1:8765/cb')).to.equal(true);
  });

  it('prints a confidential client secret once; only its hash is stored, and never printed again', async () => {
    const out = await cli.json(...register('--grant', 'device_code', '--confidential'));
    expect(out.client.confidential).to.equal(true);
    expect(out.clientSecret).to.match(/^dcs_[A-Za-z0-9_-]{40,}$/);
    const stored = await cli.oauthClients.findById('acme.web');
    expect(cli.hasher.tokenMatches(out.clientSecret, stored!.secretHash!)).to.equal(true);
    const listed = await cli.run('client', 'list');
    const listedJson = await cli.json('client', 'list');
    for (const printed of [listed.stdout, JSON.stringify(listedJson)]) {
      expect(printed).not.to.include(out.clientSecret);
      expect(printed).not.to.include(stored!.secretHash!);
    }
    const text = await new CliFixture().run(...register('--grant', 'device_code', '--confidential'));
    expect(text.code).to.equal(0);
    expect(text.stdout).to.match(/acme\.web .*confidential.*shown only now: dcs_/);
  });

  it('lists every client, and removes one', async () => {
    await cli.json(...register(...codeClient));
    await cli.json('client', 'register', '--client-id', 'acme.cli', '--name', 'Acme CLI', '--grant', 'device_code', '--scope', 'posts:read');
    expect((await cli.json('client', 'list')).clients.map((c: { clientId: string }) => c.clientId)).to.deep.equal(['acme.web', 'acme.cli']);
    const text = await cli.run('client', 'list');
    expect(text.stdout.trimEnd().split('\n')).to.have.length(2);
    expect(await cli.json('client', 'remove', '--client-id', 'acme.web')).to.deep.equal({ removed: 'acme.web' });
    expect((await cli.json('client', 'list')).clients.map((c: { clientId: string }) => c.clientId)).to.deep.equal(['acme.cli']);
    expect((await cli.run('client', 'list', '--json')).code).to.equal(0);
    expect((await new CliFixture().run('client', 'list')).stdout).to.equal('no clients registered\n');
  });

  it('refuses (exit 1) an unknown grant or scope, a bad client id or redirect URI, a code client without one, a duplicate, an unknown client', async () => {
    const refusals: Array<[string[], string]> = [
      [register('--grant', 'password'), 'invalid_grant_type'],
      [['client', 'register', '--client-id', 'acme.web', '--name', 'A', '--grant', 'device_code', '--scope', 'posts:read admin'], 'invalid_scope'],
      [['client', 'register', '--client-id', 'Acme', '--name', 'A', '--grant', 'device_code', '--scope', 'posts:read'], 'invalid_client_registration'],
      [register('--grant', 'authorization_code'), 'invalid_client_registration'],
      [register('--grant', 'authorization_code', '--redirect-uri', 'http://acme.example/cb'), 'invalid_client_registration'],
      [['client', 'remove', '--client-id', 'nobody'], 'client_not_found'],
    ];
    for (const [argv, code] of refusals) {
      const failed = await cli.jsonError(...argv);
      expect(failed, argv.join(' ')).to.deep.include({ code: 1 });
      expect(failed.error.code, argv.join(' ')).to.equal(code);
    }
    await cli.json(...register('--grant', 'device_code'));
    expect((await cli.jsonError(...register('--grant', 'device_code'))).error.code).to.equal('client_exists');
  });

  it('is a usage error (exit 2) to repeat a flag that is not repeatable, give --confidential elsewhere, or omit --grant', async () => {
    expect((await cli.jsonError(...register('--grant', 'device_code', '--name', 'Again'))).error.code).to.equal('duplicate_flag');
    expect((await cli.jsonError('client', 'list', '--confidential')).error.code).to.equal('unknown_flag');
    expect((await cli.jsonError('user', 'create', '--email', 'a@b.co', '--password', 'x', '--confidential')).error.code).to.equal('unknown_flag');
    const missing = await cli.jsonError(...register());
    expect(missing).to.deep.include({ code: 2 });
    expect(missing.error.code).to.equal('missing_flag');
  });
});
