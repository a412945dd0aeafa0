import { expect } from 'chai';
import { type ConnectionCredentials } from '../../application/ports/platforms/ConnectionCredentials';
import { type AtprotoSessionGrant, type OAuth2Grant } from '../../application/ports/platforms/PlatformGrant';
import { TOKENS as T } from '../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../support/databases';
import { OWNER_EMAIL } from '../support/data/people';
import { requireServer } from '../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../support/testApp';

const NOW = new Date('2030-01-01T00:00:00.000Z');
const OAUTH: OAuth2Grant = {
  kind: 'oauth2',
  accessToken: 'access-token-never-stored-plain',
  refreshToken: 'refresh-token-never-stored-plain',
  accessExpiresAt: new Date('2030-01-01T01:00:00.000Z'),
  refreshExpiresAt: null,
  scopes: ['w_member_social', 'r_basicprofile'],
};
const ATPROTO: AtprotoSessionGrant = {
  kind: 'atproto_session',
  service: 'https://bsky.social',
  did: 'did:plc:abc',
  handle: 'me.bsky.social',
  accessJwt: 'access-jwt',
  refreshJwt: 'refresh-jwt',
  appPassword: 'abcd-efgh-ijkl-mnop',
};

for (const kind of DATABASE_KINDS) {
  describe(`ConnectionCredentials contract: TypeORM on ${kind}`, () => {
    let t: TestApp;
    let credentials: ConnectionCredentials;
    let connectionId: string;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind));
      await t.given.user(OWNER_EMAIL);
      const ws = await t.given.workspace(OWNER_EMAIL);
      connectionId = await t.given.connection(ws, 'LINKEDIN', 'me');
      credentials = t.composition.get(T.ConnectionCredentials);
    });
    after(async () => t?.close());

    it('keeps a grant whole, dates included, and replaces it whole (a rotated refresh token)', async () => {
      expect(await credentials.find(connectionId)).to.equal(null);
      await credentials.save(connectionId, OAUTH, NOW);
      expect(await credentials.find(connectionId)).to.deep.equal(OAUTH);
      const rotated = { ...OAUTH, accessToken: 'new-access', refreshToken: 'new-refresh' };
      await credentials.save(connectionId, rotated, NOW);
      expect(await credentials.find(connectionId)).to.deep.equal(rotated);
      await credentials.save(connectionId, ATPROTO, NOW);
      expect(await credentials.find(connectionId)).to.deep.equal(ATPROTO);
    });

    it('seals the grant at rest: no token, password or scope readable in the row', async () => {
      await credentials.save(connectionId, OAUTH, NOW);
      const [row] = await t.dataSource.query('SELECT sealed_grant FROM connection_credentials WHERE connection_id = ?', [connectionId]);
      for (const secret of [OAUTH.accessToken, OAUTH.refreshToken!, 'w_member_social', 'oauth2']) expect(row.sealed_grant).not.to.include(secret);
    });

    it('pages through every grant in connection id order', async () => {
      await credentials.save(connectionId, OAUTH, NOW);
      const first = await credentials.page(null, 10);
      expect(first.map((g) => g.connectionId)).to.include(connectionId);
      expect(first.find((g) => g.connectionId === connectionId)!.grant).to.deep.equal(OAUTH);
      expect(await credentials.page(connectionId, 10)).to.deep.equal(first.filter((g) => g.connectionId > connectionId));
    });

    it('removes a grant; removing one that is not there is not an error', async () => {
      await credentials.save(connectionId, OAUTH, NOW);
      await credentials.remove(connectionId);
      expect(await credentials.find(connectionId)).to.equal(null);
      await credentials.remove(connectionId);
    });
  });
}
