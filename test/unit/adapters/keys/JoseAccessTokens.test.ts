import { expect } from 'chai';
import { createHmac } from 'node:crypto';
import { SignJWT } from 'jose';
import { JoseAccessTokens } from '../../../../adapters/outbound/keys/JoseAccessTokens';
import { JoseSessionTokens } from '../../../../adapters/outbound/keys/JoseSessionTokens';
import { KeyRing } from '../../../../adapters/outbound/keys/KeyRing';
import { SecretBox } from '../../../../adapters/outbound/keys/SecretBox';
import { MemorySigningKeyStore } from '../../../../adapters/outbound/persistence/memory/MemorySigningKeyStore';
import { type AccessTokenClaims } from '../../../../application/ports/oauth/AccessTokens';
import { FixedClock } from '../../../support/fixedClock';

const ISSUER = 'https://dispatch.example';
const RESOURCE = 'https://dispatch.example';
const CLAIMS: AccessTokenClaims = {
  userId: 'USER1',
  clientId: 'cli.agent',
  workspaceId: 'WS1',
  scopes: ['posts:read', 'posts:write'],
  resource: RESOURCE,
  grantId: 'GRANT1',
};

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('JoseAccessTokens: RFC 9068 access tokens', () => {
  let clock: FixedClock;
  let ring: KeyRing;
  let tokens: JoseAccessTokens;
  const ringOf = () => new KeyRing(new MemorySigningKeyStore(), new SecretBox('secret'), clock);
  const now = () => clock.now().getTime() / 1000;

  /** A token signed with our key, as JoseAccessTokens would, but with the given changes. */
  async function forged(change: { header?: Record<string, unknown>; claims?: Record<string, unknown> } = {}): Promise<string> {
    const key = await ring.signingKey();
    const claims = {
      iss: ISSUER,
      sub: 'USER1',
      aud: RESOURCE,
      client_id: 'cli.agent',
      scope: 'posts:read',
      workspace_id: 'WS1',
      grant_id: 'GRANT1',
      jti: 'j1',
      iat: now(),
      exp: now() + 600,
    };
    return new SignJWT({ ...claims, ...change.claims })
      .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'at+jwt', ...change.header })
      .sign(key.privateKey);
  }

  beforeEach(() => {
    clock = new FixedClock();
    ring = ringOf();
    tokens = new JoseAccessTokens(ring, { issuer: ISSUER, resource: RESOURCE }, clock);
  });

  it('signs an ES256 at+jwt naming its key, with every claim RFC 9068 and the workspace binding need', async () => {
    const token = await tokens.sign(CLAIMS);
    const [header, payload] = token.split('.');
    expect(decode(header!)).to.deep.equal({ alg: 'ES256', kid: (await ring.signingKey()).kid, typ: 'at+jwt' });
    const body = decode(payload!);
    expect(body.jti).to.match(/^[0-9a-f-]{36}$/);
    expect(body).to.deep.equal({
      iss: ISSUER,
      sub: 'USER1',
      aud: RESOURCE,
      client_id: 'cli.agent',
      scope: 'posts:read posts:write',
      workspace_id: 'WS1',
      grant_id: 'GRANT1',
      jti: body.jti,
      iat: now(),
      exp: now() + 600,
    });
    expect(decode((await tokens.sign(CLAIMS)).split('.')[1]!).jti, 'a fresh jti each time').not.to.equal(body.jti);
  });

  it('verifies its own token, giving back the claims and instants', async () => {
    const token = await tokens.sign(CLAIMS);
    expect(await tokens.verify(token)).to.deep.equal({ ...CLAIMS, issuedAt: clock.now(), expiresAt: new Date(clock.now().getTime() + 600_000) });
  });

  it('lives 600 s by default, or the configured lifetime, measured by the injected clock', async () => {
    expect(tokens.lifetimeSeconds).to.equal(600);
    const token = await tokens.sign(CLAIMS);
    clock.advanceSeconds(599);
    expect(await tokens.verify(token)).not.to.equal(null);
    clock.advanceSeconds(1);
    expect(await tokens.verify(token), 'expired').to.equal(null);

    const short = new JoseAccessTokens(ring, { issuer: ISSUER, resource: RESOURCE, lifetimeSeconds: 60 }, clock);
    const brief = await short.sign(CLAIMS);
    expect(short.lifetimeSeconds).to.equal(60);
    clock.advanceSeconds(60);
    expect(await short.verify(brief)).to.equal(null);
  });

  it('refuses an unsigned (alg none) token naming our key', async () => {
    const [header, payload] = (await tokens.sign(CLAIMS)).split('.');
    expect(await tokens.verify(`${encode({ ...decode(header!), alg: 'none' })}.${payload}.`)).to.equal(null);
  });

  it('refuses an HS256 token keyed with our public key (algorithm confusion)', async () => {
    await ring.signingKey();
    const [jwk] = await ring.publicJwks();
    const header = encode({ alg: 'HS256', kid: jwk!.kid, typ: 'at+jwt' });
    const payload = (await tokens.sign(CLAIMS)).split('.')[1];
    for (const secret of [JSON.stringify(jwk), `${jwk!.x}${jwk!.y}`, 'secret']) {
      const mac = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
      expect(await tokens.verify(`${header}.${payload}.${mac}`), secret).to.equal(null);
    }
  });

  it('refuses a token signed by a key not in the ring, even one naming a kid of ours', async () => {
    const stranger = ringOf();
    const foreign = await new JoseAccessTokens(stranger, { issuer: ISSUER, resource: RESOURCE }, clock).sign(CLAIMS);
    expect(await tokens.verify(foreign)).to.equal(null);
    const ours = (await ring.signingKey()).kid;
    const [header, payload, signature] = foreign.split('.');
    expect(await tokens.verify(`${encode({ ...decode(header!), kid: ours })}.${payload}.${signature}`)).to.equal(null);
  });

  it('refuses a token whose claims were altered (another workspace)', async () => {
    const [header, payload, signature] = (await tokens.sign(CLAIMS)).split('.');
    expect(await tokens.verify(`${header}.${encode({ ...decode(payload!), workspace_id: 'WS2' })}.${signature}`)).to.equal(null);
  });

  it('refuses a token of another type, or none, signed with our key', async () => {
    expect(await tokens.verify(await forged())).not.to.equal(null);
    for (const typ of ['session+jwt', 'JWT', 'application/at+jwt', undefined]) {
      expect(await tokens.verify(await forged({ header: { typ } })), String(typ)).to.equal(null);
    }
  });

  it('refuses a token for another audience or from another issuer', async () => {
    expect(await tokens.verify(await forged({ claims: { aud: 'https://other.example' } }))).to.equal(null);
    expect(await tokens.verify(await forged({ claims: { aud: `${RESOURCE}/api` } }))).to.equal(null);
    expect(await tokens.verify(await forged({ claims: { iss: 'https://other.example' } }))).to.equal(null);
    const elsewhere = new JoseAccessTokens(ring, { issuer: 'https://other.example', resource: RESOURCE }, clock);
    expect(await tokens.verify(await elsewhere.sign(CLAIMS))).to.equal(null);
  });

  it('refuses a token missing a required claim, or with an unknown scope', async () => {
    for (const claim of ['sub', 'client_id', 'scope', 'workspace_id', 'grant_id', 'jti', 'iat', 'exp']) {
      expect(await tokens.verify(await forged({ claims: { [claim]: undefined } })), claim).to.equal(null);
    }
    expect(await tokens.verify(await forged({ claims: { scope: 'posts:read admin:everything' } }))).to.equal(null);
  });

  it('refuses a token issued in the future', async () => {
    expect(await tokens.verify(await forged({ claims: { iat: now() + 3600, exp: now() + 4200 } }))).to.equal(null);
  });

  it('a session token is never an access token, and an access token never a session', async () => {
    const sessions = new JoseSessionTokens(ring, ISSUER, clock);
    const { token: session } = await sessions.issue({ userId: 'USER1', sessionId: 'sess_1' }, 600);
    expect(await tokens.verify(session)).to.equal(null);
    expect(await sessions.verify(await tokens.sign(CLAIMS))).to.equal(null);
  });

  it('answers null, without throwing, for garbage', async () => {
    for (const garbage of ['', 'abc', 'a.b.c', 'dsk_not_a_jwt', `${encode({ alg: 'ES256', kid: 42 })}.e30.sig`, `${encode({ alg: 'ES256' })}.e30.sig`]) {
      expect(await tokens.verify(garbage), garbage).to.equal(null);
    }
  });
});
