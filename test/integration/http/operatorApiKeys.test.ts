import { expect } from 'chai';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { DATABASE_KINDS, serverFor } from '../../support/databases';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/**
 * Issue 6: a key the operator mints for an editor acts as that editor over HTTP and
 * survives an admin leaving; over HTTP, apikeys:write still decides who creates keys.
 */
for (const kind of DATABASE_KINDS) {
  describe(`operator-minted API keys over HTTP on ${kind}`, function () {
    let t: TestApp;
    let workspaceId: string;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind));
      for (const email of ['owner@example.com', 'admin@example.com', 'ed@example.com']) await t.given.user(email);
      workspaceId = await t.given.workspace('owner@example.com');
      await t.given.member(workspaceId, 'admin@example.com', 'admin');
      await t.given.member(workspaceId, 'ed@example.com', 'editor');
    });
    after(async () => t?.close());

    it("an editor's key reads posts, is refused what an editor lacks, and outlives the admin", async () => {
      const { key } = await t.given.apiKey(workspaceId, 'ed@example.com', 'editor');
      const posts = `/v1/workspaces/${workspaceId}/posts`;
      await api(t.app).get(posts).set(bearer(key)).expect(200);
      await t.given.removeMember(workspaceId, 'admin@example.com');
      await api(t.app).get(posts).set(bearer(key)).expect(200);
      const refused = await api(t.app).get(`/v1/workspaces/${workspaceId}/api-keys`).set(bearer(key)).expect(403);
      expect(refused.body.error.code).to.equal('insufficient_scope');
    });

    it("an editor's session still cannot create keys over HTTP (403 insufficient_scope)", async () => {
      const session = await t.given.session('ed@example.com');
      const refused = await api(t.app).post(`/v1/workspaces/${workspaceId}/api-keys`).set(bearer(session)).send({ role: 'viewer' }).expect(403);
      expect(refused.body.error.code).to.equal('insufficient_scope');
    });
  });
}
