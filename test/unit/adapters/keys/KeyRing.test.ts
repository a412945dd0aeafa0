import { SystemClock } from '../../../../adapters/outbound/clock/SystemClock';
import { expect } from 'chai';
import { JoseSessionTokens } from '../../../../adapters/outbound/keys/JoseSessionTokens';
import { KeyRing } from '../../../../adapters/outbound/keys/KeyRing';
import { SecretBox } from '../../../../adapters/outbound/keys/SecretBox';
import { MemorySigningKeyStore } from '../../../../adapters/outbound/persistence/memory/MemorySigningKeyStore';
import { FixedClock } from '../../../support/fixedClock';

const ISSUER = 'https://dispatch.example';
const CLAIMS = { userId: 'user_1', sessionId: 'sess_1' };

describe('KeyRing: signing keys shared through a store', () => {
  let store: MemorySigningKeyStore;
  let clock: FixedClock;
  const ringOn = (secret = 'secret') => new KeyRing(store, new SecretBox(secret), new SystemClock());
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
    const { token: before } = await tokensOf(there).issue(CLAIMS, 600);
    expect(await tokensOf(here).verify(before)).to.deep.equal(CLAIMS);

    // A pause, so the new key is not stamped in the same millisecond (see the BUG test below).
    await new Promise((resolve) => setTimeout(resolve, 5));
    const rotated = await there.rotate();
    expect(rotated.kid).not.to.equal((await store.list())[0]!.kid);
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

  // BUG: KeyRing.rotate() stamps the new key with `new Date()` and the store orders keys by
  // createdAt then kid, so a key made in the same millisecond as the previous one sorts before
  // it about half the time: rotate() then returns, and keeps signing with, the OLD key.
  it('rotate() makes the new key the signing key, even right after the previous one', async () => {
    for (let i = 0; i < 50; i++) {
      const ring = new KeyRing(new MemorySigningKeyStore(), new SecretBox('secret'), new SystemClock());
      const first = await ring.rotate();
      const second = await ring.rotate();
      expect(second.kid, `ring ${i + 1}`).not.to.equal(first.kid);
      expect((await ring.signingKey()).kid).to.equal(second.kid);
    }
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
