import { expect } from 'chai';
import { JoseSessionTokens } from '../../../../adapters/outbound/keys/JoseSessionTokens';
import { DEFAULT_ROTATION, KeyRing } from '../../../../adapters/outbound/keys/KeyRing';
import { SecretBox } from '../../../../adapters/outbound/keys/SecretBox';
import { MemorySigningKeyStore } from '../../../../adapters/outbound/persistence/memory/MemorySigningKeyStore';
import { FixedClock } from '../../../support/fixedClock';

const ISSUER = 'https://dispatch.example';
const CLAIMS = { userId: 'user_1', sessionId: 'sess_1' };

describe('KeyRing: signing keys shared through a store', () => {
  let store: MemorySigningKeyStore;
  let clock: FixedClock;
  const ringOn = (secret = 'secret') => new KeyRing(store, new SecretBox(secret), clock);
  const tokensOf = (ring: KeyRing) => new JoseSessionTokens(ring, ISSUER, clock);

  beforeEach(() => {
    store = new MemorySigningKeyStore();
    clock = new FixedClock();
  });

  it('makes one key on first use and keeps signing with it', async () => {
    const ring = ringOn();
    const first = await ring.signingKey();
    expect((await ring.signingKey()).kid).to.equal(first.kid);
    expect((await store.list()).map((k) => k.kid)).to.deep.equal([first.kid]);
  });

  it('a second instance on the same store signs with the stored key rather than making its own', async () => {
    const a = await ringOn().signingKey();
    const b = await ringOn().signingKey();
    expect(b.kid).to.equal(a.kid);
    expect(await store.list()).to.have.length(1);
  });

  it('verifies a token signed with a key another instance added to the store after it loaded', async () => {
    const here = ringOn();
    const there = ringOn();
    const { token: before } = await tokensOf(there).issue(CLAIMS, 7200);
    expect(await tokensOf(here).verify(before)).to.deep.equal(CLAIMS);

    const rotated = await there.rotate();
    expect(rotated.kid).not.to.equal(JSON.parse(Buffer.from(before.split('.')[0]!, 'base64url').toString()).kid);
    clock.advanceSeconds(DEFAULT_ROTATION.publishAheadSeconds);
    const { token: after } = await tokensOf(there).issue(CLAIMS, 600);
    expect(JSON.parse(Buffer.from(after.split('.')[0]!, 'base64url').toString()).kid).to.equal(rotated.kid);
    expect(await tokensOf(here).verify(after)).to.deep.equal(CLAIMS);
    expect(await tokensOf(here).verify(before), 'a token of the older key still verifies').to.deep.equal(CLAIMS);
  });

  it('stores the private key sealed: the stored record never holds the JWK\'s "d"', async () => {
    await ringOn().signingKey();
    const [stored] = await store.list();
    const privateJwk = JSON.parse(new SecretBox('secret').open(stored!.encryptedPrivateJwk));
    expect(privateJwk.d).to.be.a('string').with.length.above(20);
    expect(JSON.stringify(stored)).not.to.contain(privateJwk.d);
    expect(JSON.parse(stored!.publicJwk)).not.to.have.property('d');
  });

  it('publishes only public keys', async () => {
    const ring = ringOn();
    const { kid } = await ring.signingKey();
    const jwks = await ring.publicJwks();
    expect(jwks).to.have.length(1);
    expect(jwks[0]).to.include({ kid, alg: 'ES256', use: 'sig', kty: 'EC', crv: 'P-256' });
    expect(jwks[0]).not.to.have.property('d');
  });

  it('refuses to start signing under the wrong SECRET_KEY, and does not add a key of its own', async () => {
    await ringOn('right secret').signingKey();
    let failed = false;
    try {
      await ringOn('wrong secret').signingKey();
    } catch {
      failed = true;
    }
    expect(failed).to.equal(true);
    expect(await store.list()).to.have.length(1);
  });

  it('rotate() never makes two keys active at the same instant, so the newest always signs', async () => {
    for (let i = 0; i < 20; i++) {
      const ring = new KeyRing(new MemorySigningKeyStore(), new SecretBox('secret'), clock, { publishAheadSeconds: 0, longestTokenLifetimeSeconds: 600 });
      const first = await ring.rotate();
      const second = await ring.rotate();
      expect(second.kid, `ring ${i + 1}`).not.to.equal(first.kid);
      clock.advance(1);
      expect((await ring.signingKey()).kid).to.equal(second.kid);
    }
  });
});

describe('KeyRing: rotation publishes ahead and retires late', () => {
  const ROTATION = { publishAheadSeconds: 3600, longestTokenLifetimeSeconds: 12 * 3600 };
  let store: MemorySigningKeyStore;
  let clock: FixedClock;
  let ring: KeyRing;
  const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string;
  const publishedKids = async () => (await ring.publicJwks()).map((k) => k.kid);

  beforeEach(() => {
    store = new MemorySigningKeyStore();
    clock = new FixedClock();
    ring = new KeyRing(store, new SecretBox('secret'), clock, ROTATION);
  });

  it('the first key ever signs at once', async () => {
    const first = await ring.rotate();
    expect((await ring.signingKey()).kid).to.equal(first.kid);
    const [stored] = await store.list();
    expect(stored!.activatesAt).to.deep.equal(clock.now());
    expect((await ring.describe()).map((k) => k.status)).to.deep.equal(['signing']);
  });

  it('a rotated key is published at once but signs only after the publish-ahead delay', async () => {
    const old = await ring.signingKey();
    clock.advanceSeconds(10);
    const next = await ring.rotate();
    expect(await publishedKids()).to.deep.equal([old.kid, next.kid]);
    expect((await ring.signingKey()).kid).to.equal(old.kid);
    expect((await ring.describe()).map((k) => [k.kid, k.status])).to.deep.equal([
      [old.kid, 'signing'],
      [next.kid, 'published'],
    ]);
    clock.advanceSeconds(3599);
    expect((await ring.signingKey()).kid, 'one second early').to.equal(old.kid);
    clock.advanceSeconds(1);
    expect((await ring.signingKey()).kid).to.equal(next.kid);
    const { token } = await new JoseSessionTokens(ring, ISSUER, clock).issue(CLAIMS, 600);
    expect(kidOf(token)).to.equal(next.kid);
  });

  it('another instance on the same store switches to the rotated key by itself', async () => {
    const elsewhere = new KeyRing(store, new SecretBox('secret'), clock, ROTATION);
    const old = await elsewhere.signingKey();
    const next = await ring.rotate();
    expect((await elsewhere.signingKey()).kid).to.equal(old.kid);
    clock.advanceSeconds(ROTATION.publishAheadSeconds);
    expect((await elsewhere.signingKey()).kid).to.equal(next.kid);
  });

  it('keeps a retired key published until the newer one has signed longer than any token lives, then prune() removes it', async () => {
    const sessions = new JoseSessionTokens(ring, ISSUER, clock);
    const old = await ring.signingKey();
    const next = await ring.rotate();
    clock.advanceSeconds(ROTATION.publishAheadSeconds - 1);
    const { token: lastOfOld } = await sessions.issue(CLAIMS, ROTATION.longestTokenLifetimeSeconds);
    expect(kidOf(lastOfOld)).to.equal(old.kid);
    clock.advanceSeconds(1);
    expect(await sessions.verify(lastOfOld), 'the retired key still verifies').to.deep.equal(CLAIMS);
    const described = await ring.describe();
    expect(described[0]).to.deep.include({ kid: old.kid, status: 'retired' });
    const removableAfter = described[0]!.removableAfter!;
    expect(removableAfter).to.deep.equal(new Date(clock.now().getTime() + ROTATION.longestTokenLifetimeSeconds * 1000));

    clock.set(new Date(removableAfter.getTime() - 1));
    expect(await ring.prune()).to.deep.equal([]);
    expect(await publishedKids()).to.deep.equal([old.kid, next.kid]);
    expect(await sessions.verify(lastOfOld), 'by then the last token it signed has expired').to.equal(null);

    clock.set(removableAfter);
    expect(await ring.prune()).to.deep.equal([old.kid]);
    expect(await publishedKids()).to.deep.equal([next.kid]);
    expect((await store.list()).map((k) => k.kid)).to.deep.equal([next.kid]);
    expect((await ring.describe()).map((k) => k.status)).to.deep.equal(['signing']);
  });

  it('a token signed with a pruned key no longer verifies', async () => {
    const sessions = new JoseSessionTokens(ring, ISSUER, clock);
    const { token } = await sessions.issue(CLAIMS, 30 * 86_400);
    await ring.rotate();
    clock.advanceSeconds(ROTATION.publishAheadSeconds + ROTATION.longestTokenLifetimeSeconds);
    expect(await sessions.verify(token)).to.deep.equal(CLAIMS);
    expect(await ring.prune()).to.have.length(1);
    expect(await sessions.verify(token)).to.equal(null);
  });

  it('prune() never removes the signing key or a key not yet signing', async () => {
    await ring.signingKey();
    await ring.rotate();
    clock.advanceSeconds(30 * 86_400);
    await ring.rotate();
    expect(await ring.prune()).to.have.length(1);
    expect((await ring.describe()).map((k) => k.status)).to.deep.equal(['signing', 'published']);
  });
});

describe('SecretBox', () => {
  it('opens what it sealed, and seals the same text differently each time', () => {
    const box = new SecretBox('secret');
    const a = box.seal('{"d":"private"}');
    const b = box.seal('{"d":"private"}');
    expect(a).not.to.equal(b);
    expect(a).not.to.contain('private');
    expect(box.open(a)).to.equal('{"d":"private"}');
    expect(box.open(b)).to.equal('{"d":"private"}');
  });

  it('fails to open with another secret', () => {
    const sealed = new SecretBox('secret').seal('hello');
    expect(() => new SecretBox('other').open(sealed)).to.throw();
  });

  it('fails to open a tampered or malformed value', () => {
    const box = new SecretBox('secret');
    const [version, iv, tag, body] = box.seal('hello world').split('.');
    const bytes = Buffer.from(body!, 'base64url');
    bytes[0] = bytes[0]! ^ 0x01;
    expect(() => box.open([version, iv, tag, bytes.toString('base64url')].join('.'))).to.throw();
    expect(() => box.open('v2.a.b.c')).to.throw(/unknown format/);
    expect(() => box.open('not sealed')).to.throw(/unknown format/);
  });
});
