import { expect } from 'chai';
import { OWNER_EMAIL } from '../../support/data/people';
import { api } from '../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const JSON_API_HEADERS = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

describe("the JSON API's security headers (docs/surfaces.md)", () => {
  let t: TestApp;
  let workspaceId: string;
  let apiKey: string;
  let session: string;

  before(async () => {
    t = await startTestApp(await freshDatabaseEnv('sqlite'));
    await t.given.user(OWNER_EMAIL);
    workspaceId = await t.given.workspace(OWNER_EMAIL);
    apiKey = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
    session = await t.given.session(OWNER_EMAIL);
  });
  after(async () => t?.close());

  it('a 200 to an authenticated read: CSP, nosniff, no-referrer, CORP and no-store', async () => {
    const res = await api(t.app).get('/v1/me').set('Authorization', `Bearer ${apiKey}`).expect(200);
    expect(res.headers).to.include({ ...JSON_API_HEADERS, 'cache-control': 'no-store' });
  });

  it('the 201 that shows a new API key, once, is never cached', async () => {
    const res = await api(t.app).post(`/v1/workspaces/${workspaceId}/api-keys`).set('Authorization', `Bearer ${session}`).send({ role: 'viewer' }).expect(201);
    expect(res.body.key).to.match(/^dsk_/);
    expect(res.headers).to.include({ ...JSON_API_HEADERS, 'cache-control': 'no-store' });
  });

  it('errors carry them too: a 403 with a credential, a 401 with a bad one, a 422 from the body parser', async () => {
    const forbidden = await api(t.app).get('/v1/workspaces/01ARZ3NDEKTSV4RRFFQ69G5FAV/posts').set('Authorization', `Bearer ${apiKey}`).expect(403);
    expect(forbidden.headers).to.include({ ...JSON_API_HEADERS, 'cache-control': 'no-store' });
    const refused = await api(t.app).get('/v1/me').set('Authorization', 'Bearer dsk_not-a-key').expect(401);
    expect(refused.headers).to.include({ ...JSON_API_HEADERS, 'cache-control': 'no-store' });
    const unreadable = await api(t.app)
      .post(`/v1/workspaces/${workspaceId}/api-keys`)
      .set('Authorization', `Bearer ${session}`)
      .set('Content-Type', 'application/json')
      .send('{"role":')
      .expect(422);
    expect(unreadable.headers).to.include({ ...JSON_API_HEADERS, 'cache-control': 'no-store' });
  });

  it('answers without a credential keep the security headers and are left cacheable; /health has them too', async () => {
    const document = await api(t.app).get('/openapi.json').expect(200);
    expect(document.headers).to.include(JSON_API_HEADERS);
    expect(document.headers).not.to.have.property('cache-control');
    const health = await api(t.app).get('/health').expect(200);
    expect(health.headers).to.include({ ...JSON_API_HEADERS, 'cache-control': 'no-store' });
  });
});
