import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { OWNER_EMAIL } from '../../support/data/people';
import { threadBody } from '../../support/data/posts';
import { api } from '../../support/openapi';
import { tokenOverApi, type TokenOverApi } from './benchOpenapi';

/**
 * What the benchmark's OAuth rows measure (docs/performance.md, "OAuth access tokens"): the
 * hot path with an OAuth access token reads what the API key reads, and the family is checked
 * on every request, so a revoked grant stops the unexpired token at once, not at `exp`
 * (docs/decisions.md, "OAuth server"). On both databases.
 */
for (const kind of ['sqlite', 'mysql'] as const) {
  describe(`an OAuth access token on the API's hot path (${kind})`, function () {
    this.timeout(30_000);
    let s: TokenOverApi;
    const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

    beforeEach(async () => {
      s = await tokenOverApi(kind);
    });

    afterEach(async () => {
      await s.t.close();
    });

    it('reads the same workspace posts and /v1/me as the API key of the same person', async () => {
      const posts = `/v1/workspaces/${s.workspaceId}/posts?limit=20`;
      const connectionId = await s.t.given.connection(s.workspaceId, 'twitter', '@studio');
      await api(s.t.app).post(`/v1/workspaces/${s.workspaceId}/posts`).set(bearer(s.apiKey)).send(threadBody(connectionId, 'written with the key')).expect(200);
      const viaKey = await api(s.t.app).get(posts).set(bearer(s.apiKey)).expect(200);
      const viaToken = await api(s.t.app).get(posts).set(bearer(s.token.accessToken)).expect(200);
      expect(viaKey.body.total).to.equal(1);
      expect(viaToken.body).to.deep.equal(viaKey.body);
      const me = await api(s.t.app).get('/v1/me').set(bearer(s.token.accessToken)).expect(200);
      expect(me.body.email).to.equal(OWNER_EMAIL);
      expect(me.body.credential).to.include({ type: 'oauth', workspaceId: s.workspaceId });
    });

    it('refuses the unexpired token on the very next request once its family is revoked over POST /oauth/revoke', async () => {
      const me = () => api(s.t.app).get('/v1/me').set(bearer(s.token.accessToken));
      await me().expect(200);
      await api(s.t.app).post('/oauth/revoke').type('form').send({ token: s.token.accessToken, client_id: s.token.clientId }).expect(200);
      // The clock has not moved: the JWT itself is still within its 10 minutes.
      const refused = await me().expect(401);
      expect(refused.body.error.code).to.equal('invalid_token');
      await api(s.t.app).get(`/v1/workspaces/${s.workspaceId}/posts`).set(bearer(s.token.accessToken)).expect(401);
      // The API key of the same person is untouched.
      await api(s.t.app).get('/v1/me').set(bearer(s.apiKey)).expect(200);
    });

    it('leaves the token working when another client asks to revoke it (200, as RFC 7009 answers, and nothing revoked)', async () => {
      const clients = s.t.composition.get(T.ManageClients);
      await clients.register({
        clientId: 'otherclient',
        name: 'Other',
        redirectUris: [],
        grants: ['device_code'],
        scopes: ['posts:read'],
        confidential: false,
      });
      await api(s.t.app).post('/oauth/revoke').type('form').send({ token: s.token.accessToken, client_id: 'otherclient' }).expect(200);
      await api(s.t.app).get('/v1/me').set(bearer(s.token.accessToken)).expect(200);
    });

    it('refuses the token once it expires, even with its family live', async () => {
      await api(s.t.app).get('/v1/me').set(bearer(s.token.accessToken)).expect(200);
      s.clock.advanceSeconds(10 * 60 + 1);
      await api(s.t.app).get('/v1/me').set(bearer(s.token.accessToken)).expect(401);
    });
  });
}
