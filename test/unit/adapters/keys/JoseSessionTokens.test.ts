import { SystemClock } from '../../../../adapters/outbound/clock/SystemClock';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { JoseSessionTokens } from '../../../../adapters/outbound/keys/JoseSessionTokens';
import { KeyRing } from '../../../../adapters/outbound/keys/KeyRing';
import { SecretBox } from '../../../../adapters/outbound/keys/SecretBox';
import { MemorySigningKeyStore } from '../../../../adapters/outbound/persistence/memory/MemorySigningKeyStore';
import { FixedClock } from '../../../support/fixedClock';

const ISSUER = 'https://dispatch.example';
const CLAIMS = { userId: 'user_1', sessionId: 'sess_1' };

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('JoseSessionTokens: first-party session JWTs', () => {
  let clock: FixedClock;
  let ring: KeyRing;
  let sessions: JoseSessionTokens;

  beforeEach(() => {
    clock = new FixedClock();
    ring = new KeyRing(new MemorySigningKeyStore(), new SecretBox('secret'), new SystemClock());
    sessions = new JoseSessionTokens(ring, ISSUER, clock);
  });

  it('verifies the token it issued, giving back the user and session', async () => {
    const { token, expiresAt } = await sessions.issue(CLAIMS, 600);
    expect(expiresAt).to.deep.equal(new Date(clock.now().getTime() + 600_000));
    expect(await sessions.verify(token)).to.deep.equal(CLAIMS);
  });

  it('issues an ES256 session+jwt for this service, naming its key', async () => {
    const { token } = await sessions.issue(CLAIMS, 600);
    const [header, payload] = token.split('.');
    expect(decode(header!)).to.deep.equal({ alg: 'ES256', kid: (await ring.signingKey()).kid, typ: 'session+jwt' });
    const now = clock.now().getTime() / 1000;
    expect(decode(payload!)).to.deep.equal({ sid: 'sess_1', iss: ISSUER, aud: ISSUER, sub: 'user_1', iat: now, exp: now + 600 });
  });

  it('stops verifying once the clock reaches the expiry', async () => {
    const { token } = await sessions.issue(CLAIMS, 600);
    clock.advanceSeconds(599);
    expect(await sessions.verify(token)).to.deep.equal(CLAIMS);
    clock.advanceSeconds(1);
    expect(await sessions.verify(token)).to.equal(null);
  });

  it('refuses a token whose signature was altered', async () => {
    const { token } = await sessions.issue(CLAIMS, 600);
    const [header, payload, signature] = token.split('.');
    const bytes = Buffer.from(signature!, 'base64url');
    bytes[10] = bytes[10]! ^ 0x01;
    expect(await sessions.verify(`${header}.${payload}.${bytes.toString('base64url')}`)).to.equal(null);
  });

  it('refuses a token whose claims were altered (another user)', async () => {
    const { token } = await sessions.issue(CLAIMS, 600);
    const [header, payload, signature] = token.split('.');
    const forged = encode({ ...decode(payload!), sub: 'user_admin' });
    expect(await sessions.verify(`${header}.${forged}.${signature}`)).to.equal(null);
  });

  it('refuses a token meant for another issuer, even signed with the same keys, naming both base URLs', async () => {
    const elsewhere = new JoseSessionTokens(ring, 'https://other.example', clock);
    const { token } = await elsewhere.issue(CLAIMS, 600);
    expect(await sessions.verify(token)).to.deep.equal({ issuedFor: 'https://other.example', servedBy: ISSUER });
  });

  it('refuses a token signed by keys this service does not keep', async () => {
    const stranger = new JoseSessionTokens(new KeyRing(new MemorySigningKeyStore(), new SecretBox('secret'), new SystemClock()), ISSUER, clock);
    const { token } = await stranger.issue(CLAIMS, 600);
    expect(await sessions.verify(token)).to.equal(null);
  });

  it('refuses a JWT of another type signed with our key (not a session)', async () => {
    const key = await ring.signingKey();
    const now = clock.now().getTime() / 1000;
    const token = await new SignJWT({ sid: 'sess_1' })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt' })
      .setIssuer(ISSUER)
      .setAudience(ISSUER)
      .setSubject('user_1')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(key.privateKey);
    expect(await sessions.verify(token)).to.equal(null);
  });

  it('refuses an unsigned (alg none) token naming our key', async () => {
    const { token } = await sessions.issue(CLAIMS, 600);
    const [header, payload] = token.split('.');
    const unsigned = `${encode({ ...decode(header!), alg: 'none' })}.${payload}.`;
    expect(await sessions.verify(unsigned)).to.equal(null);
  });

  it('answers null, without throwing, for garbage', async () => {
    for (const garbage of ['', 'abc', 'a.b.c', 'dsk_not_a_jwt', `${encode({ alg: 'ES256' })}.e30.sig`]) {
      expect(await sessions.verify(garbage), garbage).to.equal(null);
    }
  });
});
