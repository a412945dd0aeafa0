import { expect } from 'chai';
import { api } from '../../support/openapi';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { OWNER_EMAIL } from '../../support/data/people';

describe('HTTP error model', () => {
  let t: TestApp;
  let key: string;
  let workspaceId: string;

  before(async () => {
    t = await startTestApp(await freshDatabaseEnv('sqlite'));
    await t.given.user(OWNER_EMAIL);
    workspaceId = await t.given.workspace(OWNER_EMAIL);
    key = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
  });
  after(async () => t?.close());

  const post = (body: string) =>
    api(t.app).post(`/v1/workspaces/${workspaceId}/api-keys`).set('Authorization', `Bearer ${key}`).set('Content-Type', 'application/json').send(body);

  it('answers a broken JSON body with 422 invalid_json, never a 500', async () => {
    const res = await post('{"role":').expect(422);
    expect(res.body.error).to.include({ type: 'ValidationError', code: 'invalid_json' });
    expect(res.body.error.requestId).to.equal(res.headers['x-request-id']);
  });

  it('names every bad path of a body in details', async () => {
    const res = await post(JSON.stringify({ role: 'king', scopes: ['posts:fly'], extra: true })).expect(422);
    const paths = res.body.error.details.map((d: { path: string }) => d.path);
    expect(paths).to.include.members(['role', 'scopes', 'extra']);
  });

  it('answers a body that is not JSON with 415 instead of reading it as empty', async () => {
    const res = await api(t.app)
      .post(`/v1/workspaces/${workspaceId}/api-keys`)
      .set('Authorization', `Bearer ${key}`)
      .set('Content-Type', 'text/plain')
      .send('role=viewer')
      .expect(415);
    expect(res.body.error).to.include({ type: 'UnsupportedMediaTypeError', code: 'unsupported_media_type' });
  });

  it('answers an unknown route with 404 route_not_found and a request id', async () => {
    const res = await api(t.app).get('/v1/nothing-here').expect(404);
    expect(res.body.error).to.include({ type: 'NotFoundError', code: 'route_not_found' });
    expect(res.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
  });

  it('answers a body over 1 MiB with 413', async () => {
    const res = await post(JSON.stringify({ role: 'viewer', name: 'x'.repeat(1_100_000) })).expect(413);
    expect(res.body.error.code).to.equal('payload_too_large');
  });

  it('serves the OpenAPI 3.1 document', async () => {
    const res = await api(t.app).get('/openapi.json').expect(200);
    expect(res.body).to.include({ openapi: '3.1.0' });
    expect(res.body.info.version).to.equal('1.0.0');
  });
});
