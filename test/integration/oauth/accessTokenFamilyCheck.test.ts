import { expect } from 'chai';
import { type IssuedOAuthToken, oauthAccessToken } from '../../../bench/oauthToken';
import { OWNER_EMAIL } from '../../support/data/people';
import { threadBody } from '../../support/data/posts';
import { FixedClock } from '../../support/fixedClock';
import { bearer, OAuthService } from '../../support/oauthKit/service';

/**
 * What the benchmark's OAuth rows measure (docs/performance.md, "OAuth access tokens"): the
 * hot path with an OAuth access token reads what the API key reads, and the family is checked
 * on every request, so a revoked grant stops the unexpired token at once, not at `exp`
 * (docs/decisions.md, "OAuth server"). On both databases.
 */
for (const kind of ['sqlite', 'mysql'] as const) {
  describe(`an OAuth access token on the API's hot path (${kind})`, function () {
    this.timeout(30_000);
    let kit: OAuthService;
    let workspaceId: string;
    let apiKey: string;
    /** Obtained as the benchmark obtains it (bench/oauthToken.ts: the device flow's use cases). */
    let token: IssuedOAuthToken;

    // The service on a fresh database with the injected clock, an owner with a workspace, an API
    // key, and an OAuth access token for the same person and workspace.
    beforeEach(async function () {
      kit = await OAuthService.start(this, { kind, clock: new FixedClock() });
      const ownerId = await kit.t.given.user(OWNER_EMAIL);
      workspaceId = await kit.t.given.workspace(OWNER_EMAIL);
      apiKey = (await kit.t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
      token = await oauthAccessToken(kit.t.composition, ownerId, workspaceId, 'benchclient');
    });

    afterEach(async () => {
      await kit.stop();
    });

    it('reads the same workspace posts and /v1/me as the API key of the same person', async () => {
      const posts = `/v1/workspaces/${workspaceId}/posts?limit=20`;
      const connectionId = await kit.t.given.connection(workspaceId, 'twitter', '@studio');
      await kit.api.post(`/v1/workspaces/${workspaceId}/posts`).set(bearer(apiKey)).send(threadBody(connectionId, 'written with the key')).expect(200);
      const viaKey = await kit.api.get(posts).set(bearer(apiKey)).expect(200);
      const viaToken = await kit.api.get(posts).set(bearer(token.accessToken)).expect(200);
      expect(viaKey.body.total).to.equal(1);
      expect(viaToken.body).to.deep.equal(viaKey.body);
      const me = await kit.api.get('/v1/me').set(bearer(token.accessToken)).expect(200);
      expect(me.body.email).to.equal(OWNER_EMAIL);
      expect(me.body.credential).to.include({ type: 'oauth', workspaceId: workspaceId });
    });

    it('refuses the unexpired token on the very next request once its family is revoked over POST /oauth/revoke', async () => {
      const me = () => kit.api.get('/v1/me').set(bearer(token.accessToken));
      await me().expect(200);
      await kit.api.post('/oauth/revoke').type('form').send({ token: token.accessToken, client_id: token.clientId }).expect(200);
      // The clock has not moved: the JWT itself is still within its 10 minutes.
      const refused = await me().expect(401);
      expect(refused.body.error.code).to.equal('invalid_token');
      expect(refused.body.error.message, 'says why: no refresh will help').to.include('grant has ended');
      await kit.api.get(`/v1/workspaces/${workspaceId}/posts`).set(bearer(token.accessToken)).expect(401);
      // The API key of the same person is untouched.
      await kit.api.get('/v1/me').set(bearer(apiKey)).expect(200);
    });

    it('leaves the token working when another client asks to revoke it (200, as RFC 7009 answers, and nothing revoked)', async () => {
      await kit.registerClient('otherclient', { name: 'Other', grants: ['device_code'], scopes: ['posts:read'] });
      await kit.api.post('/oauth/revoke').type('form').send({ token: token.accessToken, client_id: 'otherclient' }).expect(200);
      await kit.api.get('/v1/me').set(bearer(token.accessToken)).expect(200);
    });

    it('answers a revocation naming no token 400 invalid_request, and revokes nothing', async () => {
      for (const form of [{ client_id: token.clientId }, { client_id: token.clientId, token: '' }]) {
        const refused = await kit.api.post('/oauth/revoke').type('form').send(form).expect(400);
        expect(refused.body.error).to.equal('invalid_request');
      }
      await kit.api.get('/v1/me').set(bearer(token.accessToken)).expect(200);
    });

    it('refuses the token once it expires, even with its family live', async () => {
      await kit.api.get('/v1/me').set(bearer(token.accessToken)).expect(200);
      kit.clock.advanceSeconds(10 * 60 + 1);
      const expired = await kit.api.get('/v1/me').set(bearer(token.accessToken)).expect(401);
      expect(expired.body.error.message).to.include('has expired');
    });
  });
}
