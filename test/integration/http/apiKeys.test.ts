import { expect } from 'chai';
import { ceilingOf } from '../../../domain/credential/RoleCeiling';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { ADMIN_EMAIL, OWNER_EMAIL, VIEWER_EMAIL } from '../../support/data/people';
import { idempotencyKeys } from '../../support/data/idempotencyKeys';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const OWNER = OWNER_EMAIL;
const API_KEY_FIELDS = ['id', 'workspaceId', 'userId', 'name', 'role', 'scopes', 'prefix', 'createdAt', 'revokedAt'];

const newKey = idempotencyKeys('api-keys');

for (const kind of DATABASE_KINDS) {
  describe(`HTTP API keys on ${kind}`, function () {
    let t: TestApp;
    let workspaceId: string;
    let ownerKey: string;
    let session: string;
    const keysPath = () => `/v1/workspaces/${workspaceId}/api-keys`;
    const create = (token: string, body: object = { role: 'viewer' }, idempotencyKey?: string) => {
      const req = api(t.app).post(keysPath()).set(bearer(token));
      return (idempotencyKey === undefined ? req : req.set('Idempotency-Key', idempotencyKey)).send(body);
    };
    const list = (token: string) => api(t.app).get(keysPath()).set(bearer(token));

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind));
      await t.given.user(OWNER);
      workspaceId = await t.given.workspace(OWNER);
      ownerKey = (await t.given.apiKey(workspaceId, OWNER, 'owner')).key;
      session = await t.given.session(OWNER);
    });
    after(async () => t?.close());

    it('refuses to let an API key create keys (403 api_key_cannot_create_keys), even under an Idempotency-Key; it may still revoke', async () => {
      const before = (await list(session).expect(200)).body.data.length;
      const refused = await create(ownerKey, { role: 'viewer' }).expect(403);
      expect(refused.body.error).to.include({ type: 'ForbiddenError', code: 'api_key_cannot_create_keys' });
      const key = newKey();
      await create(ownerKey, { role: 'viewer' }, key).expect(403);
      expect((await create(ownerKey, { role: 'viewer' }, key).expect(403)).headers, 'a refusal is not stored').not.to.have.property('idempotent-replayed');
      expect((await list(session).expect(200)).body.data).to.have.length(before);

      const made = await create(session).expect(201);
      const revoked = await api(t.app).delete(`${keysPath()}/${made.body.id}`).set(bearer(ownerKey)).expect(200);
      expect(revoked.body.revokedAt).to.be.a('string');
    });

    it("a session creates keys: scopes it does not hold are 422 scope_above_caller, and by default the key gets its role's ceiling", async () => {
      await t.given.user('narrow@example.com');
      await t.given.member(workspaceId, 'narrow@example.com', 'admin');
      const admin = await t.given.session('narrow@example.com');
      const tooMuch = await create(admin, { role: 'admin', scopes: ['billing:write'] }).expect(422);
      expect(tooMuch.body.error).to.include({ code: 'scope_above_caller' });
      expect(tooMuch.body.error.details).to.deep.equal([{ path: 'scopes', message: 'not held by this credential: billing:write' }]);
      expect((await create(admin, { role: 'owner' }).expect(422)).body.error.code).to.equal('role_above_creator');
      const made = await create(admin, { role: 'contributor', name: 'CI' }).expect(201);
      expect(made.body).to.include({ role: 'contributor', name: 'CI' });
      expect(made.body.scopes).to.have.members([...ceilingOf('contributor')]);
    });

    it("lists the workspace's keys, revoked ones included, never a secret; only to apikeys:write", async () => {
      const made = await create(session, { role: 'viewer', name: 'listed' }).expect(201);
      const secret = made.body.key as string;
      await api(t.app).delete(`${keysPath()}/${made.body.id}`).set(bearer(session)).expect(200);
      await t.given.user('elsewhere@example.com');
      const otherWorkspace = await t.given.workspace('elsewhere@example.com', 'Elsewhere');
      const foreign = (await t.given.apiKey(otherWorkspace, 'elsewhere@example.com', 'owner')).id;

      const res = await list(ownerKey).expect(200);
      const data = res.body.data as Array<Record<string, unknown>>;
      for (const item of data) expect(Object.keys(item)).to.have.members(API_KEY_FIELDS);
      expect(data.map((k) => k.id))
        .to.include(made.body.id)
        .and.not.to.include(foreign);
      expect(data.find((k) => k.id === made.body.id)).to.include({ name: 'listed', prefix: secret.slice(0, 16) });
      expect(data.find((k) => k.id === made.body.id)!.revokedAt).to.be.a('string');
      expect(res.text).not.to.contain(secret.slice(16));
      const createdAts = data.map((k) => k.createdAt as string);
      expect(createdAts).to.deep.equal([...createdAts].sort(), 'oldest first');

      await t.given.user(VIEWER_EMAIL);
      await t.given.member(workspaceId, VIEWER_EMAIL, 'viewer');
      expect((await list(await t.given.session(VIEWER_EMAIL)).expect(403)).body.error.code).to.equal('insufficient_scope');
      await list(await t.given.session('elsewhere@example.com')).expect(404);
    });

    it("keeps a create's stored answer sealed at rest, and replays the new key byte for byte", async () => {
      const key = newKey();
      const first = await create(session, { role: 'viewer', name: 'sealed' }, key).expect(201);
      expect(first.body.key).to.match(/^dsk_/);
      const rows = (await t.dataSource.query('SELECT * FROM idempotency_keys')) as Array<Record<string, unknown>>;
      expect(rows.length).to.be.greaterThan(0);
      for (const row of rows) {
        expect(JSON.stringify(row))
          .not.to.contain('dsk_')
          .and.not.to.contain((first.body.key as string).slice(4));
      }
      const replay = await create(session, { role: 'viewer', name: 'sealed' }, key).expect(201);
      expect(replay.headers['idempotent-replayed']).to.equal('true');
      expect(replay.text).to.equal(first.text);
    });

    it('replays a create only to the credential that made it, and only while it may still create keys', async () => {
      await t.given.user(ADMIN_EMAIL);
      await t.given.member(workspaceId, ADMIN_EMAIL, 'admin');
      const adminSession = await t.given.session(ADMIN_EMAIL);
      const viewersKey = (await t.given.apiKey(workspaceId, ADMIN_EMAIL, 'viewer')).key;
      const adminsKey = (await t.given.apiKey(workspaceId, ADMIN_EMAIL, 'admin')).key;
      const key = newKey();
      const body = { role: 'viewer', name: 'replayed' };
      const first = await create(adminSession, body, key).expect(201);

      // The same user's other credentials never see the stored secret.
      const viaViewer = await create(viewersKey, body, key).expect(403);
      expect(viaViewer.body.error.code).to.equal('insufficient_scope');
      expect(viaViewer.text).not.to.contain(first.body.key);
      expect((await create(adminsKey, body, key).expect(403)).body.error.code).to.equal('api_key_cannot_create_keys');
      const otherSession = await create(await t.given.session(ADMIN_EMAIL), body, key).expect(201);
      expect(otherSession.headers).not.to.have.property('idempotent-replayed');
      expect(otherSession.body.key).not.to.equal(first.body.key);

      const replay = await create(adminSession, body, key).expect(201);
      expect(replay.text).to.equal(first.text);
      // Access is decided before the replay: once demoted, no replay either.
      await t.given.setRole(workspaceId, ADMIN_EMAIL, 'editor');
      const demoted = await create(adminSession, body, key).expect(403);
      expect(demoted.body.error.code).to.equal('insufficient_scope');
      await t.given.removeMember(workspaceId, ADMIN_EMAIL);
      await create(adminSession, body, key).expect(404);
    });
  });
}
