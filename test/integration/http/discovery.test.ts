import { expect } from 'chai';
import { ALL_SCOPES } from '../../../domain/credential/Scope';
import { TOKENS as T } from '../../../config/tokens';
import { FixedClock } from '../../support/fixedClock';
import { api } from '../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const kidOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid as string;

for (const kind of ['sqlite', 'mysql'] as const) {
  describe(`discovery documents of the authorization server (${kind})`, () => {
    let t: TestApp;
    let clock: FixedClock;
    let base: string;

    beforeEach(async () => {
      clock = new FixedClock();
      t = await startTestApp(await freshDatabaseEnv(kind), {}, { replace: (w) => w.replace(T.Clock, clock) });
      base = t.config.http.baseUrl;
    });
    afterEach(() => t.close());

    it('GET /.well-known/oauth-authorization-server: RFC 8414 metadata, every field, no registration endpoint', async () => {
      const res = await api(t.app).get('/.well-known/oauth-authorization-server').expect(200);
      const methods = ['none', 'client_secret_basic', 'client_secret_post'];
      expect(res.body).to.deep.equal({
        issuer: base,
        authorization_endpoint: `${base}/oauth/authorize`,
        token_endpoint: `${base}/oauth/token`,
        device_authorization_endpoint: `${base}/oauth/device/authorize`,
        revocation_endpoint: `${base}/oauth/revoke`,
        introspection_endpoint: `${base}/oauth/introspect`,
        jwks_uri: `${base}/.well-known/jwks.json`,
        scopes_supported: [...ALL_SCOPES],
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code', 'urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'],
        token_endpoint_auth_methods_supported: methods,
        revocation_endpoint_auth_methods_supported: methods,
        introspection_endpoint_auth_methods_supported: methods,
        code_challenge_methods_supported: ['S256'],
        authorization_response_iss_parameter_supported: true,
      });
      expect(res.body.scopes_supported).to.have.length(12);
      expect(res.body).not.to.have.property('registration_endpoint');
      expect(res.headers['cache-control']).to.equal('public, max-age=3600');
      expect(res.headers['content-type']).to.match(/^application\/json/);
    });

    it('GET /.well-known/jwks.json: the public halves only, each with kid, alg and use, cached briefly', async () => {
      const signing = await t.composition.get(T.KeyRing).signingKey();
      const res = await api(t.app).get('/.well-known/jwks.json').expect(200);
      expect(res.headers['cache-control']).to.equal('public, max-age=300');
      expect(res.body.keys).to.have.length(1);
      const [key] = res.body.keys;
      expect(Object.keys(key).sort()).to.deep.equal(['alg', 'crv', 'kid', 'kty', 'use', 'x', 'y']);
      expect(key).to.include({ kid: signing.kid, alg: 'ES256', use: 'sig', kty: 'EC', crv: 'P-256' });
      for (const privateMember of ['d', 'p', 'q', 'dp', 'dq', 'qi', 'k']) expect(key).not.to.have.property(privateMember);
    });

    it('a request that sent a credential still gets no-store (the chain decides), for both documents', async () => {
      for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/jwks.json']) {
        const res = await api(t.app).get(path).set('Authorization', 'Bearer whatever').expect(200);
        expect(res.headers['cache-control'], path).to.equal('no-store');
      }
    });

    it('a rotated key is in the JWKS before it signs, and the retired one stays while its tokens live', async () => {
      const sessions = t.composition.get(T.SessionTokens);
      const ring = t.composition.get(T.KeyRing);
      const { token: before } = await sessions.issue({ userId: 'U1', sessionId: 'S1' }, 600);
      const rotated = await ring.rotate();
      const kids = async () => (await api(t.app).get('/.well-known/jwks.json').expect(200)).body.keys.map((k: { kid: string }) => k.kid);
      expect(await kids()).to.deep.equal([kidOf(before), rotated.kid]);
      const { token: stillOld } = await sessions.issue({ userId: 'U1', sessionId: 'S1' }, 600);
      expect(kidOf(stillOld), 'published, not yet signing').to.equal(kidOf(before));

      clock.advanceSeconds(3600);
      const { token: after } = await sessions.issue({ userId: 'U1', sessionId: 'S1' }, 600);
      expect(kidOf(after)).to.equal(rotated.kid);
      expect(await kids(), 'the retired key is still published').to.deep.equal([kidOf(before), rotated.kid]);
      expect(await ring.prune(), 'not before the longest token lifetime has passed').to.deep.equal([]);
    });

    it('an access token signed by the service verifies with the JWKS the service publishes', async () => {
      const accessTokens = t.composition.get(T.AccessTokens);
      const token = await accessTokens.sign({ userId: 'U1', clientId: 'acme.cli', workspaceId: 'W1', scopes: ['posts:read'], resource: base, grantId: 'G1' });
      const { keys } = (await api(t.app).get('/.well-known/jwks.json').expect(200)).body;
      const { createLocalJWKSet, jwtVerify } = await import('jose');
      const { payload, protectedHeader } = await jwtVerify(token, createLocalJWKSet({ keys }), {
        issuer: base,
        audience: base,
        typ: 'at+jwt',
        algorithms: ['ES256'],
        currentDate: clock.now(),
      });
      expect(protectedHeader.kid).to.equal(keys[0].kid);
      expect(payload).to.include({ sub: 'U1', client_id: 'acme.cli', workspace_id: 'W1', scope: 'posts:read', grant_id: 'G1' });
      expect(await accessTokens.verify(token)).to.include({ userId: 'U1', grantId: 'G1' });
    });
  });
}
