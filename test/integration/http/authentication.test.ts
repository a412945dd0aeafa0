import { expect } from 'chai';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { ADMIN_EMAIL, OWNER_EMAIL, STRANGER_EMAIL } from '../../support/data/people';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

for (const kind of DATABASE_KINDS) {
  describe(`HTTP authentication on ${kind}`, function () {
    let t: TestApp;
    let workspaceId: string;
    let ownerKey: string;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind));
      await t.given.user(OWNER_EMAIL);
      workspaceId = await t.given.workspace(OWNER_EMAIL);
      ownerKey = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
    });
    after(async () => t?.close());

    it('answers 401 with a Bearer challenge pointing at the resource metadata when no credential is sent', async () => {
      const res = await api(t.app).get('/v1/me').expect(401);
      expect(res.body.error).to.include({ type: 'UnauthorizedError', code: 'missing_credential' });
      expect(res.headers['www-authenticate'])
        .to.match(/^Bearer /)
        .and.to.include(`resource_metadata="${t.config.http.baseUrl}/.well-known/oauth-protected-resource"`)
        .and.not.to.include('error=');
    });

    for (const [label, header] of [
      ['a Basic header', 'Basic dXNlcjpwYXNz'],
      ['a truncated API key', 'Bearer dsk_tooshort'],
      ['an unknown API key', `Bearer dsk_${'A'.repeat(43)}`],
      ['a garbage JWT', 'Bearer eyJhbGciOiJFUzI1NiJ9.e30.c2ln'],
      ['an empty bearer', 'Bearer '],
    ] as const) {
      it(`answers 401 invalid_token for ${label}`, async () => {
        const res = await api(t.app).get('/v1/me').set('Authorization', header).expect(401);
        expect(res.body.error.code).to.equal('invalid_token');
        expect(res.headers['www-authenticate']).to.include('error="invalid_token"');
      });
    }

    it("names a placeholder pasted as is (curl sends the key's … as UTF-8 bytes), and keeps the scheme's message for another scheme", async () => {
      const pasted = `Bearer ${Buffer.from('dsk_…', 'utf8').toString('latin1')}`;
      const res = await api(t.app).get('/v1/me').set('Authorization', pasted).expect(401);
      expect(res.body.error.message).to.equal(
        'the token has characters no token has (letters, digits and -._~+/ only): was a placeholder such as dsk_… pasted as is?',
      );
      // The challenge header carries the same words in printable ASCII (a header with … is one Node refuses to send: a 500).
      expect(res.headers['www-authenticate'])
        .to.include('error_description="the token has characters no token has')
        .and.to.include('such as dsk_? pasted as is?');
      const basic = await api(t.app).get('/v1/me').set('Authorization', 'Basic dXNlcjpwYXNz').expect(401);
      expect(basic.body.error.message).to.equal('the Authorization header must be "Bearer <token>"');
    });

    it('answers 200 with the current user for a valid API key, with request id and rate-limit headers', async () => {
      const res = await api(t.app).get('/v1/me').set(bearer(ownerKey)).set('X-Request-Id', 'trace-123').expect(200);
      expect(res.body).to.include({ email: OWNER_EMAIL });
      expect(res.body.credential).to.include({ type: 'api_key', workspaceId });
      expect(res.headers['x-request-id']).to.equal('trace-123');
      expect(res.headers['ratelimit-limit']).to.equal('600');
      expect(res.headers).to.have.property('ratelimit-remaining');
      expect(res.headers).to.have.property('ratelimit-reset');
    });

    it('refuses a revoked key on the very next request', async () => {
      const { id, key } = await t.given.apiKey(workspaceId, OWNER_EMAIL, 'editor');
      await api(t.app).get('/v1/me').set(bearer(key)).expect(200);
      await t.given.revokeApiKey(id);
      const res = await api(t.app).get('/v1/me').set(bearer(key)).expect(401);
      expect(res.body.error.message).to.match(/revoked/);
    });

    it('accepts a live session and refuses an expired one', async () => {
      await api(t.app)
        .get('/v1/me')
        .set(bearer(await t.given.session(OWNER_EMAIL)))
        .expect(200);
      const expired = await t.given.session(OWNER_EMAIL, -60);
      const res = await api(t.app).get('/v1/me').set(bearer(expired)).expect(401);
      expect(res.body.error.code).to.equal('invalid_token');
    });

    it('refuses a session token whose signature was tampered with', async () => {
      const token = await t.given.session(OWNER_EMAIL);
      const [header, payload] = token.split('.');
      const forged = `${header}.${payload}.${'A'.repeat(86)}`;
      await api(t.app).get('/v1/me').set(bearer(forged)).expect(401);
    });

    it('answers 403 when a key bound to one workspace is used on another of the same user', async () => {
      const other = await t.given.workspace(OWNER_EMAIL, 'Other');
      const res = await api(t.app).get(`/v1/workspaces/${other}/connections`).set(bearer(ownerKey)).expect(403);
      expect(res.body.error.code).to.equal('workspace_not_allowed');
      const session = await t.given.session(OWNER_EMAIL);
      await api(t.app).get(`/v1/workspaces/${other}/connections`).set(bearer(session)).expect(200);
    });

    it('answers 404 for a workspace the caller is not a member of, and for one that does not exist', async () => {
      await t.given.user(STRANGER_EMAIL);
      const strangers = await t.given.workspace(STRANGER_EMAIL);
      const session = await t.given.session(OWNER_EMAIL);
      const hidden = await api(t.app).get(`/v1/workspaces/${strangers}/connections`).set(bearer(session)).expect(404);
      const missing = await api(t.app).get('/v1/workspaces/01NOSUCHWORKSPACE0000000000/connections').set(bearer(session)).expect(404);
      expect(hidden.body.error.code).to.equal(missing.body.error.code);
      expect(hidden.body.error.message).to.equal(missing.body.error.message);
    });

    it('answers 403 insufficient_scope with a challenge naming the scope when a key lacks it', async () => {
      const { key } = await t.given.apiKey(workspaceId, OWNER_EMAIL, 'editor', ['posts:read']);
      const res = await api(t.app).get(`/v1/workspaces/${workspaceId}/connections`).set(bearer(key)).expect(403);
      expect(res.body.error.code).to.equal('insufficient_scope');
      expect(res.headers['www-authenticate']).to.include('error="insufficient_scope"').and.include('scope="accounts:read"');
    });

    it('takes a removed member out on the next request: session 404, their keys 401', async () => {
      await t.given.user('leaver@example.com');
      await t.given.member(workspaceId, 'leaver@example.com', 'admin');
      const session = await t.given.session('leaver@example.com');
      const { key } = await t.given.apiKey(workspaceId, OWNER_EMAIL, 'viewer');
      const leaversKey = await t.given.apiKey(workspaceId, 'leaver@example.com', 'editor');
      await api(t.app).get(`/v1/workspaces/${workspaceId}/connections`).set(bearer(session)).expect(200);
      await api(t.app).get(`/v1/workspaces/${workspaceId}/connections`).set(bearer(leaversKey.key)).expect(200);
      await t.given.removeMember(workspaceId, 'leaver@example.com');
      await api(t.app).get(`/v1/workspaces/${workspaceId}/connections`).set(bearer(session)).expect(404);
      await api(t.app).get('/v1/me').set(bearer(leaversKey.key)).expect(401);
      await api(t.app).get(`/v1/workspaces/${workspaceId}/connections`).set(bearer(key)).expect(200);
    });

    it("keeps a removed member's keys dead when the member is added back", async () => {
      await t.given.user('returner@example.com');
      await t.given.member(workspaceId, 'returner@example.com', 'admin');
      const { key } = await t.given.apiKey(workspaceId, 'returner@example.com', 'editor');
      await api(t.app).get('/v1/me').set(bearer(key)).expect(200);
      await t.given.removeMember(workspaceId, 'returner@example.com');
      await t.given.member(workspaceId, 'returner@example.com', 'admin');
      const res = await api(t.app).get('/v1/me').set(bearer(key)).expect(401);
      expect(res.body.error.message).to.match(/revoked/);
    });

    it('applies a demotion on the next request, to sessions and to keys the member created', async () => {
      await t.given.user(ADMIN_EMAIL);
      await t.given.member(workspaceId, ADMIN_EMAIL, 'admin');
      const session = await t.given.session(ADMIN_EMAIL);
      const adminsKey = await t.given.apiKey(workspaceId, ADMIN_EMAIL, 'admin');
      const create = (token: string) => api(t.app).post(`/v1/workspaces/${workspaceId}/api-keys`).set(bearer(token)).send({ role: 'viewer' });
      const list = (token: string) => api(t.app).get(`/v1/workspaces/${workspaceId}/api-keys`).set(bearer(token));
      await create(session).expect(201);
      await list(adminsKey.key).expect(200);
      await t.given.setRole(workspaceId, ADMIN_EMAIL, 'editor');
      expect((await create(session).expect(403)).body.error.code).to.equal('insufficient_scope');
      expect((await list(adminsKey.key).expect(403)).body.error.code).to.equal('insufficient_scope');
    });

    it('lists only the bound workspace for a key, and every membership for a session', async () => {
      const session = await t.given.session(OWNER_EMAIL);
      const viaKey = await api(t.app).get('/v1/me/workspaces').set(bearer(ownerKey)).expect(200);
      const viaSession = await api(t.app).get('/v1/me/workspaces').set(bearer(session)).expect(200);
      expect(viaKey.body.data.map((w: { id: string }) => w.id)).to.deep.equal([workspaceId]);
      expect(viaSession.body.data.length).to.be.greaterThan(1);
      expect(viaSession.body.data[0]).to.include({ id: workspaceId, role: 'owner' });
    });
  });
}
