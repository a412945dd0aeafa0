import { expect } from 'chai';
import { CliFixture, NOW } from './cliFixture';

describe('CLI keys rotate and list', () => {
  let cli: CliFixture;
  const HOUR = 3600;

  beforeEach(() => {
    cli = new CliFixture();
  });

  it('list shows nothing before the first key, and the first key signing once made', async () => {
    expect(await cli.json('keys', 'list')).to.deep.equal({ keys: [] });
    expect((await cli.run('keys', 'list')).stdout).to.match(/^no signing keys yet/);
    const first = await cli.keyRing.signingKey();
    expect(await cli.json('keys', 'list')).to.deep.equal({
      keys: [{ kid: first.kid, status: 'signing', createdAt: NOW.toISOString(), activatesAt: NOW.toISOString(), removableAfter: null }],
    });
  });

  it('rotate adds a key published now that signs an hour later; list shows each state', async () => {
    const first = await cli.keyRing.signingKey();
    const rotated = await cli.json('keys', 'rotate');
    const activatesAt = new Date(NOW.getTime() + HOUR * 1000).toISOString();
    expect(rotated).to.deep.equal({
      key: { kid: rotated.key.kid, status: 'published', createdAt: NOW.toISOString(), activatesAt, removableAfter: null },
      pruned: [],
    });
    expect((await cli.json('keys', 'list')).keys.map((k: { kid: string; status: string }) => [k.kid, k.status])).to.deep.equal([
      [first.kid, 'signing'],
      [rotated.key.kid, 'published'],
    ]);
    cli.keyClock.advanceSeconds(HOUR);
    const { keys } = await cli.json('keys', 'list');
    expect(keys.map((k: { status: string }) => k.status)).to.deep.equal(['retired', 'signing']);
    expect(keys[0].removableAfter).to.equal(new Date(NOW.getTime() + 13 * HOUR * 1000).toISOString());
    const text = await cli.run('keys', 'list');
    expect(text.stdout).to.include(`${first.kid} retired`).and.to.include(`${rotated.key.kid} signing`).and.to.include('removable after');
  });

  it('rotate removes the retired keys whose tokens have all expired, never the signing one', async () => {
    const first = await cli.keyRing.signingKey();
    const second = (await cli.json('keys', 'rotate')).key.kid;
    cli.keyClock.advanceSeconds(HOUR + 12 * HOUR - 1);
    expect((await cli.json('keys', 'rotate')).pruned).to.deep.equal([]);
    cli.keyClock.advanceSeconds(1);
    const third = await cli.json('keys', 'rotate');
    expect(third.pruned).to.deep.equal([first.kid]);
    expect((await cli.json('keys', 'list')).keys.map((k: { kid: string }) => k.kid))
      .to.include(second)
      .and.not.to.include(first.kid);
    expect((await cli.run('keys', 'rotate')).stdout).to.match(/^added key /);
  });
});
