import { expect } from 'chai';
import { runCli, type CliUseCases } from '../../../adapters/inbound/cli/runCli';
import { TOKENS as T } from '../../../config/tokens';
import { PASSWORD } from '../../support/data/people';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

/**
 * Lost access, recovered with the operator CLI on the real composition and database: the
 * new password signs in, the old one and every session of before are refused by the API.
 */
for (const kind of DATABASE_KINDS) {
  describe(`the operator recovers lost access on ${kind}`, function () {
    let t: TestApp;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind));
    });
    after(async () => t?.close());

    /** Runs one command with --json as `npm run -s admin` would, on the app's composition. */
    async function admin(...argv: string[]): Promise<{ code: number; out: any }> {
      const get = t.composition.get;
      const useCases: CliUseCases = {
        clients: get(T.ManageClients),
        signingKeys: get(T.KeyRing),
        createUser: get(T.CreateUser),
        createWorkspace: get(T.CreateWorkspace),
        members: get(T.ManageMembers),
        apiKeys: get(T.ManageApiKeys),
        addConnection: get(T.AddConnection),
        issueSession: get(T.IssueSession),
        listings: get(T.OperatorListings),
        resetPassword: get(T.ResetPassword),
      };
      let printed = '';
      const write = (text: string) => {
        printed += text;
      };
      const code = await runCli([...argv, '--json'], async () => ({ useCases, close: async () => undefined }), { stdout: write, stderr: write });
      return { code, out: JSON.parse(printed) };
    }

    it('user reset-password: the new password signs in, the old one and earlier sessions are refused', async () => {
      const ownerId = await t.given.user('owner@example.com');
      const workspaceId = await t.given.workspace('owner@example.com', 'Acme');
      const tokens = [await t.given.session('owner@example.com'), await t.given.session('owner@example.com')];
      const signIn = t.composition.get(T.SignIn);
      await signIn.execute({ email: 'owner@example.com', password: PASSWORD, address: '192.0.2.1' });
      const otherId = await t.given.user('other@example.com');
      const otherToken = await t.given.session('other@example.com');
      for (const token of [...tokens, otherToken]) await api(t.app).get('/v1/me').set('Authorization', `Bearer ${token}`).expect(200);

      const { code, out } = await admin('user', 'reset-password', '--email', 'owner@example.com');
      expect(code).to.equal(0);
      expect(out.user.id).to.equal(ownerId);
      expect(out.sessionsRevoked).to.equal(3);

      for (const token of tokens) await api(t.app).get('/v1/me').set('Authorization', `Bearer ${token}`).expect(401);
      await api(t.app).get('/v1/me').set('Authorization', `Bearer ${otherToken}`).expect(200);
      const refused = await signIn.execute({ email: 'owner@example.com', password: PASSWORD, address: '192.0.2.1' }).then(
        () => 'signed in',
        (error: Error & { code?: string }) => error.code,
      );
      expect(refused).to.equal('sign_in_failed');
      expect((await signIn.execute({ email: 'owner@example.com', password: out.password, address: '192.0.2.1' })).userId).to.equal(ownerId);

      const users = (await admin('user', 'list')).out.users;
      expect(users.map((u: { id: string }) => u.id)).to.deep.equal([ownerId, otherId]);
      expect(users[0].workspaces).to.deep.equal([{ id: workspaceId, name: 'Acme', role: 'owner' }]);
    });

    it('apikey list and connection list read the workspace from the database', async () => {
      await t.given.user('lists@example.com');
      const workspaceId = await t.given.workspace('lists@example.com', 'Lists');
      const key = await t.given.apiKey(workspaceId, 'lists@example.com', 'editor');
      await t.given.revokeApiKey(key.id);
      const connectionIds = [
        await t.given.connection(workspaceId, 'BLUESKY', 'lists.bsky.social', true),
        await t.given.connection(workspaceId, 'TWITTER', 'lists', true),
      ];

      const keys = (await admin('apikey', 'list', '--workspace', workspaceId)).out.apiKeys;
      expect(keys).to.have.length(1);
      expect(keys[0]).to.include({ id: key.id, email: 'lists@example.com', role: 'editor' });
      expect(keys[0].revokedAt).to.be.a('string');
      const connections = (await admin('connection', 'list', '--workspace', workspaceId)).out.connections;
      expect(connections.map((c: { id: string; platform: string }) => [c.id, c.platform])).to.deep.equal([
        [connectionIds[0], 'BLUESKY'],
        [connectionIds[1], 'TWITTER'],
      ]);
    });
  });
}
