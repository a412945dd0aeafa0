import { expect } from 'chai';
import * as oauth from 'oauth4webapi';
import { OWNER_EMAIL } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { expectRefusal, expectTokens, insecure, Oauth4WebApi, settle, type TestClient } from '../../support/oauthKit/oauth4webapi';
import { OAuthService } from '../../support/oauthKit/service';

/** Client authentication, grants never supported, revocation and introspection (docs/decisions.md, "OAuth server"). */
describe('OAuth errors: clients, revocation and introspection', () => {
  let kit: OAuthService;
  let oauth4: Oauth4WebApi;
  let ws: string;
  let app: TestClient;

  beforeEach(async function () {
    kit = await OAuthService.start(this, { clock: new FixedClock() });
    await kit.t.given.user(OWNER_EMAIL);
    ws = await kit.t.given.workspace(OWNER_EMAIL);
    oauth4 = await Oauth4WebApi.discover(kit, ws);
    app = await oauth4.register('web-app');
  });
  afterEach(() => kit.stop());

  const introspect = (test: TestClient, token: string) =>
    oauth
      .introspectionRequest(oauth4.as, test.client, test.auth, token, insecure)
      .then((res) => oauth.processIntrospectionResponse(oauth4.as, test.client, res));
  const revoke = (test: TestClient, token: string) =>
    settle(oauth.revocationRequest(oauth4.as, test.client, test.auth, token, insecure).then((res) => oauth.processRevocationResponse(res)));

  it('the password and client_credentials grants are unsupported_grant_type', async () => {
    const confidential = await oauth4.register('backend-app', { confidential: true });
    const password = oauth.genericTokenEndpointRequest(oauth4.as, app.client, app.auth, 'password', { username: 'owner@example.com', password: 'x' }, insecure);
    expectRefusal(await settle(password.then((res) => oauth.processGenericTokenEndpointResponse(oauth4.as, app.client, res))), 400, 'unsupported_grant_type');
    const credentials = oauth.clientCredentialsGrantRequest(oauth4.as, confidential.client, confidential.auth, { scope: 'posts:read' }, insecure);
    const refused = await settle(credentials.then((res) => oauth.processClientCredentialsResponse(oauth4.as, confidential.client, res)));
    expectRefusal(refused, 400, 'unsupported_grant_type');
  });

  for (const method of ['basic', 'post'] as const) {
    it(`a confidential client authenticating by client_secret_${method} gets tokens and refreshes them`, async () => {
      const backend = await oauth4.register('backend-app', { confidential: true, method });
      const tokens = await oauth4.tokens(backend);
      expect(await kit.apiStatus(tokens.access_token)).to.equal(200);
      expectTokens(await oauth4.refresh(backend, tokens.refresh_token!));
    });
  }

  it('a wrong secret is 401 invalid_client, with WWW-Authenticate when it came by Basic', async () => {
    await oauth4.register('backend-app', { confidential: true });
    const code = await oauth4.authorizationCode({ client: { client_id: 'backend-app' }, auth: oauth.None(), secret: null });
    const basic = expectRefusal(
      await oauth4.redeemCode({ client: { client_id: 'backend-app' }, auth: oauth.ClientSecretBasic('dcs_wrong'), secret: null }, code),
      401,
      'invalid_client',
    );
    expect(basic.headers.get('www-authenticate')).to.match(/^Basic /);
    const post = await oauth4.redeemCode({ client: { client_id: 'backend-app' }, auth: oauth.ClientSecretPost('dcs_wrong'), secret: null }, code);
    expectRefusal(post, 401, 'invalid_client');
    const withoutSecret = await oauth4.redeemCode({ client: { client_id: 'backend-app' }, auth: oauth.None(), secret: null }, code);
    expectRefusal(withoutSecret, 401, 'invalid_client');
  });

  it('Basic and client_secret in the form at once is 400 invalid_request, even with the right secret', async () => {
    const backend = await oauth4.register('backend-app', { confidential: true });
    const basic = `Basic ${Buffer.from(`backend-app:${backend.secret}`).toString('base64')}`;
    const res = await fetch(`${kit.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { Authorization: basic, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: 'dsr_whatever', client_secret: backend.secret! }),
    });
    expect(res.status).to.equal(400);
    expect(((await res.json()) as { error: string }).error).to.equal('invalid_request');
  });

  it('a public client sending a secret is 401 invalid_client', async () => {
    const code = await oauth4.authorizationCode(app);
    expectRefusal(await oauth4.redeemCode({ ...app, auth: oauth.ClientSecretPost('dcs_made_up') }, code), 401, 'invalid_client');
    expectRefusal(await oauth4.startDevice({ ...app, auth: oauth.ClientSecretBasic('dcs_made_up') }), 401, 'invalid_client');
  });

  it('revocation answers 200 for an unknown or garbage token, 401 when the client fails to authenticate', async () => {
    const backend = await oauth4.register('backend-app', { confidential: true });
    expect(await revoke(app, 'dsr_never-issued')).to.deep.equal({ ok: undefined });
    expect(await revoke(backend, 'not even a token')).to.deep.equal({ ok: undefined });

    const tokens = await oauth4.tokens(backend);
    const wrong = { ...backend, auth: oauth.ClientSecretBasic('dcs_wrong') };
    expectRefusal(await revoke(wrong, tokens.refresh_token!), 401, 'invalid_client');
    expectRefusal(await revoke({ ...app, client: { client_id: 'no-such-app' } }, tokens.refresh_token!), 401, 'invalid_client');
    expect(await kit.apiStatus(tokens.access_token), 'a refused revocation revoked nothing').to.equal(200);

    expect(await revoke(backend, tokens.refresh_token!)).to.deep.equal({ ok: undefined });
    expect(await kit.apiStatus(tokens.access_token), 'its own refresh token revokes the family').to.equal(401);
  });

  it('introspection of a revoked, expired, garbage or foreign token is exactly {"active": false}', async () => {
    const other = await oauth4.register('other-app');
    const live = await oauth4.tokens(app);
    expect(await introspect(app, live.access_token)).to.include({ active: true, client_id: 'web-app' });
    expect(await introspect(app, live.refresh_token!)).to.include({ active: true, client_id: 'web-app' });
    expect(await introspect(other, live.access_token), "another client's access token").to.deep.equal({ active: false });
    expect(await introspect(other, live.refresh_token!), "another client's refresh token").to.deep.equal({ active: false });
    for (const garbage of ['garbage', 'dsr_garbage', 'eyJhbGciOiJub25lIn0.e30.', live.access_token.slice(0, -4)]) {
      expect(await introspect(app, garbage), garbage).to.deep.equal({ active: false });
    }

    const revoked = await oauth4.tokens(app);
    expect(await revoke(app, revoked.access_token)).to.deep.equal({ ok: undefined });
    expect(await introspect(app, revoked.access_token), 'revoked access token').to.deep.equal({ active: false });
    expect(await introspect(app, revoked.refresh_token!), 'refresh token of a revoked family').to.deep.equal({ active: false });

    kit.clock.advanceSeconds(601);
    expect(await introspect(app, live.access_token), 'access token past exp').to.deep.equal({ active: false });
    expect(await introspect(app, live.refresh_token!), 'the refresh token outlives it').to.include({ active: true });
    kit.clock.advanceSeconds(30 * 86_400);
    expect(await introspect(app, live.refresh_token!), 'refresh token idle 30 days').to.deep.equal({ active: false });
  });

  it('every answer of the token endpoint carries Cache-Control: no-store', async () => {
    const code = await oauth4.authorizationCode(app);
    const exchanged = await oauth.authorizationCodeGrantRequest(
      oauth4.as,
      app.client,
      app.auth,
      code.callback,
      'http://127.0.0.1:8765/callback',
      code.verifier,
      insecure,
    );
    expect(exchanged.headers.get('cache-control')).to.equal('no-store');
    const tokens = await oauth.processAuthorizationCodeResponse(oauth4.as, app.client, exchanged);
    const refreshed = await oauth.refreshTokenGrantRequest(oauth4.as, app.client, app.auth, tokens.refresh_token!, insecure);
    expect([refreshed.status, refreshed.headers.get('cache-control')]).to.deep.equal([200, 'no-store']);
    const device = await oauth.deviceAuthorizationRequest(oauth4.as, app.client, app.auth, { scope: 'posts:read' }, insecure);
    expect([device.status, device.headers.get('cache-control')]).to.deep.equal([200, 'no-store']);
    const introspected = await oauth.introspectionRequest(oauth4.as, app.client, app.auth, tokens.access_token, insecure);
    expect([introspected.status, introspected.headers.get('cache-control')]).to.deep.equal([200, 'no-store']);
  });
});
