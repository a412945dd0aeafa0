import { expect } from 'chai';
import { TOKENS as T } from '../../../config/tokens';
import { DATABASE_KINDS } from '../../support/databases';
import { OWNER_EMAIL, PASSWORD } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { FormEndpoints } from '../../support/oauthKit/formEndpoints';
import { bearer, OAuthService } from '../../support/oauthKit/service';

// docs/decisions.md, "Credentials and access" and "OAuth server": a session token and an access
// token are never taken for one another, and revoking a family ends its access tokens at once.
for (const kind of DATABASE_KINDS) {
  describe(`OAuth access tokens at the API: sessions apart, revocation at once, on ${kind}`, function () {
    let kit: OAuthService;
    let oauth: FormEndpoints;
    let ownerId: string;
    let ws: string;
    let otherWs: string;

    before(async function () {
      kit = await OAuthService.start(this, { kind, clock: new FixedClock() });
      oauth = await FormEndpoints.forAgent(kit);
      ownerId = await kit.t.given.user(OWNER_EMAIL);
      ws = await kit.t.given.workspace(OWNER_EMAIL, 'Main');
      otherWs = await kit.t.given.workspace(OWNER_EMAIL, 'Side');
    });
    after(async () => kit?.stop());

    const connections = (workspaceId: string, token: string) => kit.api.get(`/v1/workspaces/${workspaceId}/connections`).set(bearer(token));

    it('never takes a session token for an access token: introspection says inactive, revocation leaves it working', async () => {
      const session = await kit.t.given.session(OWNER_EMAIL);
      await connections(otherWs, session).expect(200);
      expect((await oauth.introspect(session)).body).to.deep.equal({ active: false });
      const holder = await kit.form.post('/oauth/introspect').set(bearer(session)).type('form').send({});
      expect(holder.status).to.equal(200);
      expect(holder.body).to.deep.equal({ active: false });
      const revoked = await oauth.revoke(session);
      expect(revoked.status).to.equal(200);
      await connections(ws, session).expect(200);
      await connections(otherWs, session).expect(200);
      const asRefresh = await oauth.refresh(session);
      expect(asRefresh.status).to.equal(400);
      expect(asRefresh.body.error).to.equal('invalid_grant');
    });

    it('never takes an access token for a session: with the session store empty it works as oauth, bound to its workspace', async () => {
      const token = await oauth.deviceToken(ownerId, ws, ['accounts:read']);
      await kit.t.dataSource.query('DELETE FROM sessions');
      const me = await kit.api.get('/v1/me').set(bearer(token.access_token)).expect(200);
      expect(me.body.credential).to.include({ type: 'oauth', workspaceId: ws });
      await connections(ws, token.access_token).expect(200);
      expect((await connections(otherWs, token.access_token).expect(403)).body.error.code).to.equal('workspace_not_allowed');
      // As the browser's session cookie it signs no one in: the device page still sends the person to sign in.
      const page = await kit.form.get('/device').set('Cookie', `dispatch_session=${token.access_token}`);
      expect(page.status).to.equal(303);
      expect(page.headers.location).to.match(/^\/signin\?/);
    });

    it("never takes a browser session's cookie for a bearer token", async () => {
      const browser = kit.browser();
      await browser.signIn(OWNER_EMAIL, PASSWORD);
      const sessionCookie = browser.cookie('dispatch_session')!;
      expect((await browser.get('/device')).status).to.equal(200);
      expect((await connections(ws, sessionCookie).expect(401)).body.error.code).to.equal('invalid_token');
      expect((await oauth.introspect(sessionCookie)).body).to.deep.equal({ active: false });
    });

    it('stops the access token on its very next request once its refresh token is revoked at /oauth/revoke', async () => {
      const token = await oauth.deviceToken(ownerId, ws, ['accounts:read']);
      await connections(ws, token.access_token).expect(200);
      const revoked = await oauth.revoke(token.refresh_token);
      expect(revoked.status).to.equal(200);
      const res = await connections(ws, token.access_token).expect(401);
      expect(res.body.error.code).to.equal('invalid_token');
      expect((await oauth.introspect(token.access_token)).body).to.deep.equal({ active: false });
      expect((await oauth.refresh(token.refresh_token)).body.error).to.equal('invalid_grant');
    });

    it('revokes the family when the access token itself is revoked; another client naming it changes nothing', async () => {
      await oauth.registerClient('other-app');
      const token = await oauth.deviceToken(ownerId, ws, ['accounts:read']);
      expect((await oauth.revoke(token.access_token, 'other-app')).status).to.equal(200);
      expect((await oauth.revoke(token.refresh_token, 'other-app')).status).to.equal(200);
      await connections(ws, token.access_token).expect(200);
      expect((await oauth.revoke(token.access_token)).status).to.equal(200);
      await connections(ws, token.access_token).expect(401);
      expect((await oauth.refresh(token.refresh_token)).body.error).to.equal('invalid_grant');
    });

    it('ends every token of a client the operator removes, at once', async () => {
      await oauth.registerClient('short-lived');
      const started = await oauth.startDevice('accounts:read', 'short-lived');
      await oauth.approve(ownerId, started.user_code, ws, ['accounts:read']);
      const token = (await oauth.poll(started.device_code, 'short-lived')).body;
      await connections(ws, token.access_token).expect(200);
      await kit.t.composition.get(T.ManageClients).remove('short-lived');
      expect((await connections(ws, token.access_token).expect(401)).body.error.code).to.equal('invalid_token');
      expect((await oauth.introspect(token.access_token)).body).to.deep.equal({ active: false });
    });
  });
}
