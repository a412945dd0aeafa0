import { expect } from 'chai';
import { type RateLimitStore } from '../../../application/ports/RateLimitStore';
import { api } from '../../support/openapi';
import { inMemoryApp } from './inMemoryApp';
import { OTHER_OWNER_EMAIL, OWNER_EMAIL, VIEWER_EMAIL } from '../../support/data/people';

/**
 * Every documented operation, and each status it can answer, produced by the real app
 * and checked against the document by `api(app)`: the document describes what is served.
 */
describe('responses served by the app match the OpenAPI document', () => {
  const owner = OWNER_EMAIL;
  let subject: Awaited<ReturnType<typeof inMemoryApp>>;
  let workspaceId: string;
  let ownerKey: string;
  let ownerId: string;
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  before(async () => {
    subject = await inMemoryApp();
    ownerId = await subject.given.user(owner);
    workspaceId = await subject.given.workspace(owner);
    await subject.given.connection(workspaceId);
    ownerKey = await subject.given.apiKey(workspaceId, owner, 'owner');
  });

  describe('without a credential', () => {
    it('health.check: 200, then 503 naming the failing check', async () => {
      await api(subject.app).get('/health').expect(200);
      subject.health.database = false;
      try {
        const res = await api(subject.app).get('/health').expect(503);
        expect(res.body.checks).to.deep.equal({ database: 'unavailable' });
      } finally {
        subject.health.database = true;
      }
    });

    it('discovery.protectedResource, discovery.authorizationServer, discovery.jwks and discovery.openapi: 200', async () => {
      await api(subject.app).get('/.well-known/oauth-protected-resource').expect(200);
      await api(subject.app).get('/.well-known/oauth-authorization-server').expect(200);
      await api(subject.app).get('/.well-known/jwks.json').expect(200);
      await api(subject.app).get('/openapi.json').expect(200);
    });

    it('an unknown route: 404; a known path with another method: 405 with Allow, both with the error body', async () => {
      await api(subject.app).get('/v1/nothing-here').expect(404);
      const wrongMethod = await api(subject.app).put('/v1/me').set(auth(ownerKey)).expect(405);
      expect(wrongMethod.headers.allow).to.include('GET');
      expect(wrongMethod.body.error).to.include({ type: 'MethodNotAllowedError', code: 'method_not_allowed' });
    });
  });

  describe('me', () => {
    it('me.current: 200 for each kind of credential', async () => {
      const viaKey = await api(subject.app).get('/v1/me').set(auth(ownerKey)).expect(200);
      expect(viaKey.body.credential).to.include({ type: 'api_key', workspaceId });
      const viaSession = await api(subject.app)
        .get('/v1/me')
        .set(auth(`session.${ownerId}`))
        .expect(200);
      expect(viaSession.body.credential).to.include({ type: 'session', workspaceId: null });
      const viaOAuth = await api(subject.app)
        .get('/v1/me')
        .set(auth(`oauth.${ownerId}.${workspaceId}`))
        .expect(200);
      expect(viaOAuth.body.credential).to.include({ type: 'oauth' });
    });

    it('me.current: 401 without, with a malformed and with an unknown credential', async () => {
      await api(subject.app).get('/v1/me').expect(401);
      await api(subject.app).get('/v1/me').set('Authorization', 'Basic abc').expect(401);
      await api(subject.app).get('/v1/me').set(auth('dsk_unknown')).expect(401);
    });

    it('me.workspaces: 200', async () => {
      const res = await api(subject.app)
        .get('/v1/me/workspaces')
        .set(auth(`session.${ownerId}`))
        .expect(200);
      expect(res.body.data).to.have.length(1);
    });
  });

  describe('connections.list', () => {
    const list = (query = '') => api(subject.app).get(`/v1/workspaces/${workspaceId}/connections${query}`);

    it('200 with a page', async () => {
      const res = await list('?limit=10&offset=0').set(auth(ownerKey)).expect(200);
      expect(res.body).to.include({ total: 1, limit: 10, offset: 0 });
      // Added through the use case without asking for a sandbox: a real account, and the listing says which.
      expect(res.body.data[0]).to.include({ platform: 'BLUESKY', sandbox: false });
    });

    it('422 for a bad limit', async () => {
      await list('?limit=many').set(auth(ownerKey)).expect(422);
    });

    it('403 without accounts:read, and on a workspace the key is not bound to', async () => {
      const narrowKey = await subject.given.apiKey(workspaceId, owner, 'viewer', ['posts:read']);
      await list().set(auth(narrowKey)).expect(403);
      await subject.given.user(OTHER_OWNER_EMAIL);
      const otherWorkspace = await subject.given.workspace(OTHER_OWNER_EMAIL);
      await api(subject.app).get(`/v1/workspaces/${otherWorkspace}/connections`).set(auth(ownerKey)).expect(403);
    });

    it('404 on a workspace the caller is not a member of', async () => {
      await api(subject.app)
        .get('/v1/workspaces/01NOSUCHWORKSPACE0000000000/connections')
        .set(auth(`session.${ownerId}`))
        .expect(404);
    });
  });

  describe('apiKeys', () => {
    // Only a session (not an API key) may create keys.
    const create = () =>
      api(subject.app)
        .post(`/v1/workspaces/${workspaceId}/api-keys`)
        .set(auth(`session.${ownerId}`));

    it('apiKeys.create: 201, apiKeys.list: 200 without secrets, then apiKeys.revoke: 200, 409 when already revoked, 404 when unknown', async () => {
      const created = await create()
        .send({ name: 'CI', role: 'viewer', scopes: ['posts:read'] })
        .expect(201);
      const listed = await api(subject.app).get(`/v1/workspaces/${workspaceId}/api-keys`).set(auth(ownerKey)).expect(200);
      expect(JSON.stringify(listed.body)).not.to.include(created.body.key);
      await create().set(auth(ownerKey)).send({ role: 'viewer' }).expect(403);
      const revoke = (id: string) => api(subject.app).delete(`/v1/workspaces/${workspaceId}/api-keys/${id}`).set(auth(ownerKey));
      const revoked = await revoke(created.body.id).expect(200);
      expect(revoked.body.revokedAt).to.be.a('string');
      await revoke(created.body.id).expect(409);
      await revoke('01NOSUCHKEY000000000000000').expect(404);
    });

    it('apiKeys.create: 422 for an invalid body and for broken JSON', async () => {
      await create().send({ role: 'king', extra: true }).expect(422);
      await create().set('Content-Type', 'application/json').send('{"role":').expect(422);
    });

    it('apiKeys.create: 413 for a body over the limit, 415 for an unknown Content-Encoding', async () => {
      await create()
        .send({ role: 'viewer', name: 'x'.repeat(1_100_000) })
        .expect(413);
      await create().set('Content-Type', 'application/json').set('Content-Encoding', 'zip-zap').send('{"role":"viewer"}').expect(415);
    });

    it('apiKeys.create: 403 for a viewer', async () => {
      const viewerId = await subject.given.user(VIEWER_EMAIL);
      await subject.given.member(workspaceId, VIEWER_EMAIL, 'viewer');
      const res = await api(subject.app)
        .post(`/v1/workspaces/${workspaceId}/api-keys`)
        .set(auth(`session.${viewerId}`))
        .send({ role: 'viewer' })
        .expect(403);
      expect(res.headers['www-authenticate']).to.contain('insufficient_scope');
    });
  });

  describe('limits', () => {
    it('429 with Retry-After once the credential used up its window', async () => {
      const limited = await inMemoryApp({ rateLimit: 1 });
      await limited.given.user(owner);
      const key = await limited.given.apiKey(await limited.given.workspace(owner), owner, 'owner');
      await api(limited.app).get('/v1/me').set(auth(key)).expect(200);
      await api(limited.app).get('/v1/me').set(auth(key)).expect(429);
    });

    it('503 with Retry-After when the rate limiter is unreachable', async () => {
      const down: RateLimitStore = { hit: () => Promise.reject(new Error('connection refused')), count: () => Promise.reject(new Error('connection refused')) };
      const broken = await inMemoryApp({ rateLimitStore: down });
      await broken.given.user(owner);
      const key = await broken.given.apiKey(await broken.given.workspace(owner), owner, 'owner');
      await api(broken.app).get('/v1/me/workspaces').set(auth(key)).expect(503);
    });
  });
});
