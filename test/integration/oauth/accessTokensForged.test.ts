import { expect } from 'chai';
import { calculateJwkThumbprint, type CryptoKey, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { TOKENS as T } from '../../../config/tokens';
import { DATABASE_KINDS } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { FormEndpoints } from '../../support/oauthKit/formEndpoints';
import { bearer, OAuthService } from '../../support/oauthKit/service';

/** The claims of a token the server signs for a family, to be signed again as a forger would. */
function accessClaims(answer: { access_token: string }): JWTPayload {
  return JSON.parse(Buffer.from(answer.access_token.split('.')[1]!, 'base64url').toString('utf8')) as JWTPayload;
}

/** Signs `payload` with ES256 and the given header fields (typ at+jwt unless told otherwise). */
function signAs(payload: JWTPayload, key: { kid: string; privateKey: CryptoKey }, header: { typ?: string } = {}): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: header.typ ?? 'at+jwt' }).sign(key.privateKey);
}

/** An unsecured JWT (alg none, RFC 7519 §6): no signature at all. */
function unsigned(payload: JWTPayload, kid: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', kid, typ: 'at+jwt' })}.${part(payload)}.`;
}

// docs/decisions.md, "OAuth server": signature, kid, alg, typ, iss, aud and exp are all checked;
// anything else is 401 invalid_token, whatever it claims.
for (const kind of DATABASE_KINDS) {
  describe(`OAuth access tokens at the API: forged and expired JWTs, on ${kind}`, function () {
    let kit: OAuthService;
    let oauth: FormEndpoints;
    let ws: string;
    let claims: JWTPayload;

    before(async function () {
      kit = await OAuthService.start(this, { kind, clock: new FixedClock() });
      oauth = await FormEndpoints.forAgent(kit);
      const ownerId = await kit.t.given.user(OWNER_EMAIL);
      ws = await kit.t.given.workspace(OWNER_EMAIL);
      claims = accessClaims(await oauth.deviceToken(ownerId, ws, ['accounts:read']));
    });
    after(async () => kit?.stop());

    /** The key that signs now (its private half, as the server holds it). */
    const signingKey = () => kit.t.composition.get(T.KeyRing).signingKey();
    const connections = (token: string) => kit.api.get(`/v1/workspaces/${ws}/connections`).set(bearer(token));

    async function expectInvalidToken(token: string): Promise<void> {
      const res = await connections(token).expect(401);
      expect(res.body.error.code).to.equal('invalid_token');
      expect(res.headers['www-authenticate']).to.include('error="invalid_token"');
      expect((await oauth.introspect(token)).body).to.deep.equal({ active: false });
    }

    it('accepts the same claims re-signed with the service key (so each refusal below is the one change it makes)', async () => {
      await connections(await signAs({ ...claims, jti: 'control' }, await signingKey())).expect(200);
    });

    it('refuses alg none', async () => {
      await expectInvalidToken(unsigned(claims, (await signingKey()).kid));
    });

    it('refuses a token signed by a key the service does not know, under a new kid or under the real one', async () => {
      const { privateKey, publicKey } = await generateKeyPair('ES256');
      const kid = await calculateJwkThumbprint(await exportJWK(publicKey));
      await expectInvalidToken(await signAs(claims, { kid, privateKey }));
      await expectInvalidToken(await signAs(claims, { kid: (await signingKey()).kid, privateKey }));
    });

    const changes: [string, JWTPayload][] = [
      ['a wrong iss', { iss: 'https://issuer.example.com' }],
      ['a wrong aud', { aud: 'https://api.example.com' }],
      ['an aud list without the service', { aud: ['https://api.example.com'] }],
    ];
    it('refuses HS256 keyed with the published public key (algorithm confusion), and a token without a kid', async () => {
      const { kid, privateKey } = await signingKey();
      const jwks = await kit.api.get('/.well-known/jwks.json').expect(200);
      const published = jwks.body.keys.find((k: { kid: string }) => k.kid === kid);
      for (const secret of [JSON.stringify(published), `${published.x}${published.y}`]) {
        const confused = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256', kid, typ: 'at+jwt' }).sign(new TextEncoder().encode(secret));
        await expectInvalidToken(confused);
      }
      await expectInvalidToken(await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'at+jwt' }).sign(privateKey));
    });

    for (const [label, change] of changes) {
      it(`refuses ${label}`, async () => {
        await expectInvalidToken(await signAs({ ...claims, ...change }, await signingKey()));
      });
    }

    for (const typ of ['session+jwt', 'JWT', 'application/at+jwt']) {
      it(`refuses typ ${typ}`, async () => {
        await expectInvalidToken(await signAs(claims, await signingKey(), { typ }));
      });
    }

    it('refuses a token without its workspace binding or its family', async () => {
      const { workspace_id: _w, ...unbound } = claims;
      await expectInvalidToken(await signAs(unbound, await signingKey()));
      await expectInvalidToken(await signAs({ ...claims, grant_id: '01NOSUCHGRANT0000000000000' }, await signingKey()));
    });

    it('refuses a real token once its exp has passed on the service clock', async () => {
      const token = (await oauth.deviceToken(claims.sub!, ws, ['accounts:read'])).access_token;
      await connections(token).expect(200);
      kit.clock.advanceSeconds(kit.t.config.oauth.accessTokenTtlSeconds - 1);
      await connections(token).expect(200);
      kit.clock.advanceSeconds(1);
      await expectInvalidToken(token);
    });

    it('refuses a token signed with a key that was rotated out and pruned, while the new key signs', async () => {
      const ring = kit.t.composition.get(T.KeyRing);
      const old = await ring.signingKey();
      const ownerId = claims.sub!;
      await ring.rotate();
      // Past the publish-ahead delay the new key signs; past every token's lifetime the old one may go.
      kit.clock.advanceSeconds(kit.t.config.oauth.keyPublishAheadSeconds + 1);
      const fresh = await oauth.deviceToken(ownerId, ws, ['accounts:read']);
      expect(JSON.parse(Buffer.from(fresh.access_token.split('.')[0]!, 'base64url').toString()).kid).not.to.equal(old.kid);
      const now = Math.floor(kit.clock.now().getTime() / 1000);
      const byOldKey = await signAs({ ...accessClaims(fresh), iat: now, exp: now + 600 }, old);
      await connections(byOldKey).expect(200); // retired, still published: its tokens live out their lifetime

      const retired = (await ring.describe()).find((k) => k.kid === old.kid)!;
      expect(retired.status).to.equal('retired');
      kit.clock.set(new Date(retired.removableAfter!.getTime() - 1000));
      expect(await ring.prune()).to.deep.equal([]);
      kit.clock.set(retired.removableAfter!);
      expect(await ring.prune()).to.deep.equal([old.kid]);
      const later = Math.floor(kit.clock.now().getTime() / 1000);
      const current = await oauth.deviceToken(ownerId, ws, ['accounts:read']);
      await connections(current.access_token).expect(200);
      await expectInvalidToken(await signAs({ ...accessClaims(current), iat: later, exp: later + 600 }, old));
      const jwks = await kit.api.get('/.well-known/jwks.json').expect(200);
      expect(jwks.body.keys.map((k: { kid: string }) => k.kid)).not.to.include(old.kid);
    });
  });
}
