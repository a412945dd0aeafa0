import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { ADMIN_EMAIL, OWNER_EMAIL } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { FormEndpoints } from '../../support/oauthKit/formEndpoints';
import { bearer, OAuthService } from '../../support/oauthKit/service';

// docs/decisions.md, "OAuth server" and "Credentials and access": a token is bound to its
// workspace, and its scopes are held to the person's live role there on every request.
for (const kind of DATABASE_KINDS) {
  describe(`OAuth access tokens at the API: workspace binding and scopes, on ${kind}`, function () {
    let kit: OAuthService;
    let oauth: FormEndpoints;
    let ownerId: string;
    let adminId: string;
    let ws: string;
    let otherWs: string;

    before(async function () {
      kit = await OAuthService.start(this, { kind, clock: new FixedClock() });
      oauth = await FormEndpoints.forAgent(kit);
      ownerId = await kit.t.given.user(OWNER_EMAIL);
      ws = await kit.t.given.workspace(OWNER_EMAIL, 'Main');
      otherWs = await kit.t.given.workspace(OWNER_EMAIL, 'Side');
      adminId = await kit.t.given.user(ADMIN_EMAIL);
    });
    after(async () => kit?.stop());

    it('works on its workspace, is 403 workspace_not_allowed on another of the same person, and says it is oauth at /v1/me', async () => {
      const token = await oauth.deviceToken(ownerId, ws, ['accounts:read', 'posts:read']);
      await kit.api.get(`/v1/workspaces/${ws}/connections`).set(bearer(token.access_token)).expect(200);
      const refused = await kit.api.get(`/v1/workspaces/${otherWs}/connections`).set(bearer(token.access_token)).expect(403);
      expect(refused.body.error.code).to.equal('workspace_not_allowed');
      // The owner's session reaches the other workspace: the refusal is the token's binding, not the person.
      await kit.api
        .get(`/v1/workspaces/${otherWs}/connections`)
        .set(bearer(await kit.t.given.session(OWNER_EMAIL)))
        .expect(200);
      const me = await kit.api.get('/v1/me').set(bearer(token.access_token)).expect(200);
      expect(me.body.credential).to.include({ type: 'oauth', workspaceId: ws });
      const listed = await kit.api.get('/v1/me/workspaces').set(bearer(token.access_token)).expect(200);
      expect(listed.body.data.map((w: { id: string }) => w.id)).to.deep.equal([ws]);
    });

    it('answers 403 insufficient_scope naming the scope the token was not granted', async () => {
      const token = await oauth.deviceToken(ownerId, ws, ['posts:read']);
      await kit.api.get(`/v1/workspaces/${ws}/posts`).set(bearer(token.access_token)).expect(200);
      const res = await kit.api.get(`/v1/workspaces/${ws}/connections`).set(bearer(token.access_token)).expect(403);
      expect(res.body.error.code).to.equal('insufficient_scope');
      expect(res.headers['www-authenticate']).to.include('error="insufficient_scope"').and.include('scope="accounts:read"');
    });

    it('loses a scope at once when its member is demoted, keeps the rest, and the next refresh carries less', async () => {
      await kit.t.given.member(ws, ADMIN_EMAIL, 'admin');
      const token = await oauth.deviceToken(adminId, ws, ['accounts:read', 'apikeys:write']);
      expect(token.scope.split(' ')).to.have.members(['accounts:read', 'apikeys:write']);
      await kit.api.get(`/v1/workspaces/${ws}/api-keys`).set(bearer(token.access_token)).expect(200);

      await kit.t.given.setRole(ws, ADMIN_EMAIL, 'editor');
      const res = await kit.api.get(`/v1/workspaces/${ws}/api-keys`).set(bearer(token.access_token)).expect(403);
      expect(res.body.error.code).to.equal('insufficient_scope');
      expect(res.headers['www-authenticate']).to.include('scope="apikeys:write"');
      await kit.api.get(`/v1/workspaces/${ws}/connections`).set(bearer(token.access_token)).expect(200);

      const refreshed = await oauth.refresh(token.refresh_token);
      expect(refreshed.status, refreshed.text).to.equal(200);
      expect(refreshed.body.scope).to.equal('accounts:read');
      // Promoted again, the token signed while demoted does not regain what it was not given.
      await kit.t.given.setRole(ws, ADMIN_EMAIL, 'admin');
      await kit.api.get(`/v1/workspaces/${ws}/api-keys`).set(bearer(refreshed.body.access_token)).expect(403);
      await kit.api.get(`/v1/workspaces/${ws}/api-keys`).set(bearer(token.access_token)).expect(200);
      await kit.t.given.removeMember(ws, ADMIN_EMAIL);
    });

    it("refuses a removed member's token everywhere on the next request, and its refresh token; re-admitted, the old family stays dead", async () => {
      await kit.t.given.member(ws, ADMIN_EMAIL, 'editor');
      const token = await oauth.deviceToken(adminId, ws, ['accounts:read', 'posts:read']);
      await kit.api.get(`/v1/workspaces/${ws}/connections`).set(bearer(token.access_token)).expect(200);
      expect((await oauth.introspect(token.refresh_token)).body.active).to.equal(true);

      await kit.t.given.removeMember(ws, ADMIN_EMAIL);
      // Leaving the workspace revokes the person's token families for it, as it revokes their API keys.
      await kit.api.get(`/v1/workspaces/${ws}/connections`).set(bearer(token.access_token)).expect(401);
      await kit.api.get('/v1/me').set(bearer(token.access_token)).expect(401);
      expect((await oauth.introspect(token.access_token)).body).to.deep.equal({ active: false });
      const refresh = await oauth.refresh(token.refresh_token);
      expect(refresh.status).to.equal(400);
      expect(refresh.body.error).to.equal('invalid_grant');
      await kit.t.given.member(ws, ADMIN_EMAIL, 'editor');
      await kit.api.get(`/v1/workspaces/${ws}/connections`).set(bearer(token.access_token)).expect(401);
      expect((await oauth.introspect(token.refresh_token)).body).to.deep.equal({ active: false });
      await kit.t.given.removeMember(ws, ADMIN_EMAIL);
    });
  });
}
