import { expect } from 'chai';
import { DEVICE_CODE_GRANT } from '../../../application/oauth/ExchangeToken';
import { TOKENS as T } from '../../../config/tokens';
import { OWNER_EMAIL } from '../../support/data/people';
import { api } from '../../support/openapi';
import { inMemoryApp } from './inMemoryApp';

/**
 * The authorization server's form endpoints, served by the real app (in memory) and checked
 * against the OpenAPI document by `api(app)`: every status, header and body below must be
 * the one the document describes (docs/decisions.md, "OAuth server").
 */
describe('OAuth form endpoints: served answers match the OpenAPI document', () => {
  let subject: Awaited<ReturnType<typeof inMemoryApp>>;
  let ownerId: string;
  let workspaceId: string;
  const CLIENT = 'docsdevice';
  const CONFIDENTIAL = 'docsconfidential';
  let secret: string;

  /** A device authorization over HTTP; the person approves it through the use case, as the page would. */
  async function deviceCode(clientId: string, approve: boolean): Promise<string> {
    const started = await api(subject.app).post('/oauth/device/authorize').type('form').send({ client_id: clientId }).expect(200);
    if (approve) {
      const approval = subject.get(T.DeviceApproval);
      await approval.review(ownerId, started.body.user_code);
      await approval.decide(ownerId, started.body.user_code, { approve: true, workspaceId, scopes: ['posts:read'] });
    }
    return started.body.device_code as string;
  }

  const redeem = (deviceCodeValue: string, clientId = CLIENT) =>
    api(subject.app).post('/oauth/token').type('form').send({ grant_type: DEVICE_CODE_GRANT, device_code: deviceCodeValue, client_id: clientId });

  before(async () => {
    subject = await inMemoryApp();
    ownerId = await subject.given.user(OWNER_EMAIL);
    workspaceId = await subject.given.workspace(OWNER_EMAIL);
    const clients = subject.get(T.ManageClients);
    const common = { redirectUris: [], scopes: ['posts:read' as const, 'posts:write' as const] };
    await clients.register({ ...common, clientId: CLIENT, name: 'Docs CLI', grants: ['device_code', 'refresh_token'], confidential: false });
    secret = (await clients.register({ ...common, clientId: CONFIDENTIAL, name: 'Docs worker', grants: ['device_code'], confidential: true })).secret!;
  });

  it('oauth.deviceAuthorize: 200 with the codes, the verification URI and the interval', async () => {
    const res = await api(subject.app).post('/oauth/device/authorize').type('form').send({ client_id: CLIENT, scope: 'posts:read' }).expect(200);
    expect(res.body.user_code).to.match(/^[A-Z]{4}-[A-Z]{4}$/);
    expect(res.body.interval).to.equal(5);
    expect(res.headers).to.include({ 'cache-control': 'no-store', pragma: 'no-cache' });
  });

  it('oauth.token: 200 with an access and a refresh token once the person approved', async () => {
    const res = await redeem(await deviceCode(CLIENT, true)).expect(200);
    expect(res.body).to.include({ token_type: 'Bearer', scope: 'posts:read' });
    expect(res.body.refresh_token).to.match(/^dsr_/);
  });

  it('oauth.token: 400 authorization_pending while the person has not decided, in the OAuth error body', async () => {
    const res = await redeem(await deviceCode(CLIENT, false)).expect(400);
    expect(res.body.error).to.equal('authorization_pending');
    expect(res.body).to.have.all.keys('error', 'error_description');
  });

  it('oauth.token: 400 unsupported_grant_type for the password grant', async () => {
    const res = await api(subject.app).post('/oauth/token').type('form').send({ grant_type: 'password', client_id: CLIENT }).expect(400);
    expect(res.body.error).to.equal('unsupported_grant_type');
  });

  it('oauth.token: 401 invalid_client for a wrong secret sent by Basic, with the Basic challenge', async () => {
    const res = await api(subject.app)
      .post('/oauth/token')
      .auth(CONFIDENTIAL, 'dcs_wrong')
      .type('form')
      .send({ grant_type: DEVICE_CODE_GRANT, device_code: 'x' })
      .expect(401);
    expect(res.body.error).to.equal('invalid_client');
    expect(res.headers['www-authenticate']).to.match(/^Basic /);
  });

  it('oauth.deviceAuthorize: 200 for a confidential client by client_secret_post; 415 for a JSON body', async () => {
    await api(subject.app).post('/oauth/device/authorize').type('form').send({ client_id: CONFIDENTIAL, client_secret: secret }).expect(200);
    const res = await api(subject.app).post('/oauth/device/authorize').send({ client_id: CLIENT }).expect(415);
    expect(res.body.error).to.equal('invalid_request');
  });

  it('oauth.introspect: active for a live access token and a live refresh token, inactive for anything else', async () => {
    const tokens = (await redeem(await deviceCode(CLIENT, true)).expect(200)).body;
    const introspect = (token: string) => api(subject.app).post('/oauth/introspect').type('form').send({ token, client_id: CLIENT }).expect(200);
    const access = await introspect(tokens.access_token);
    expect(access.body).to.include({ active: true, token_type: 'Bearer', client_id: CLIENT, sub: ownerId, workspace_id: workspaceId });
    const refresh = await introspect(tokens.refresh_token);
    expect(refresh.body).to.include({ active: true, token_type: 'refresh_token', workspace_id: workspaceId });
    expect((await introspect('not-a-token')).body).to.deep.equal({ active: false });
    const asHolder = await api(subject.app).post('/oauth/introspect').set('Authorization', `Bearer ${tokens.access_token}`).type('form').send({}).expect(200);
    expect(asHolder.body).to.include({ active: true });
  });

  it('oauth.revoke: 200 with an empty body, after which the token introspects inactive', async () => {
    const tokens = (await redeem(await deviceCode(CLIENT, true)).expect(200)).body;
    const res = await api(subject.app).post('/oauth/revoke').type('form').send({ token: tokens.refresh_token, client_id: CLIENT }).expect(200);
    expect(res.text).to.equal('');
    const after = await api(subject.app).post('/oauth/introspect').type('form').send({ token: tokens.access_token, client_id: CLIENT }).expect(200);
    expect(after.body).to.deep.equal({ active: false });
  });

  it('oauth.introspect: 400 invalid_request without a token, 401 invalid_client for a form that names no client', async () => {
    const res = await api(subject.app).post('/oauth/introspect').type('form').send({ client_id: CLIENT }).expect(400);
    expect(res.body.error).to.equal('invalid_request');
    const anonymous = await api(subject.app).post('/oauth/introspect').type('form').send({ token: 'dsr_anything' }).expect(401);
    expect(anonymous.body.error).to.equal('invalid_client');
  });

  it('oauth.token: 429 slow_down with Retry-After once the address used up its window', async () => {
    const limited = await inMemoryApp({ rateLimit: 1 });
    const send = () => api(limited.app).post('/oauth/token').type('form').send({ grant_type: 'password', client_id: CLIENT });
    await send().expect(401);
    const res = await send().expect(429);
    expect(res.body.error).to.equal('slow_down');
    expect(Number(res.headers['retry-after'])).to.be.greaterThan(0);
  });
});
