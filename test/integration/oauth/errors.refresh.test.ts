import { expect } from 'chai';
import { OWNER_EMAIL } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { expectRefusal, expectTokens, Oauth4WebApi, type TestClient } from '../../support/oauthKit/oauth4webapi';
import { OAuthService } from '../../support/oauthKit/service';

const ROUNDS = Number(process.env.OAUTH_RACE_ROUNDS ?? 3);

/** Refresh tokens rotate; a second use of one revokes the family, also under a race (docs/decisions.md, "OAuth server"). */
for (const kind of ['sqlite', 'mysql'] as const) {
  describe(`OAuth errors: refreshing (${kind})`, () => {
    let kit: OAuthService;
    let oauth4: Oauth4WebApi;
    let ws: string;
    let app: TestClient;

    beforeEach(async function () {
      kit = await OAuthService.start(this, { kind, clock: new FixedClock() });
      await kit.t.given.user(OWNER_EMAIL);
      ws = await kit.t.given.workspace(OWNER_EMAIL);
      oauth4 = await Oauth4WebApi.discover(kit, ws);
      app = await oauth4.register('web-app');
    });
    afterEach(() => kit.stop());

    it('a rotated refresh token used again is invalid_grant and revokes the family: the newest tokens stop working too', async () => {
      const first = await oauth4.tokens(app);
      const second = expectTokens(await oauth4.refresh(app, first.refresh_token!));
      expect(second.refresh_token).not.to.equal(first.refresh_token);
      expect(await kit.apiStatus(second.access_token)).to.equal(200);

      expectRefusal(await oauth4.refresh(app, first.refresh_token!), 400, 'invalid_grant');
      expectRefusal(await oauth4.refresh(app, second.refresh_token!), 400, 'invalid_grant');
      expect(await kit.apiStatus(second.access_token), 'the newest access token').to.equal(401);
      expect(await kit.apiStatus(first.access_token), 'the first access token').to.equal(401);
    });

    it("another client presenting this client's refresh token gets invalid_grant and spends nothing: the rightful client still refreshes", async () => {
      const owner = await oauth4.register('confidential-app', { confidential: true });
      const tokens = expectTokens(await oauth4.redeemCode(owner, await oauth4.authorizationCode(owner)));
      const stranger = await oauth4.register('public-cli');
      expectRefusal(await oauth4.refresh(stranger, tokens.refresh_token!), 400, 'invalid_grant');
      const refreshed = expectTokens(await oauth4.refresh(owner, tokens.refresh_token!));
      expect(await kit.apiStatus(refreshed.access_token)).to.equal(200);
      expect(await kit.apiStatus(tokens.access_token), 'the family lives on').to.equal(200);
    });

    it('two refreshes racing with one token: one succeeds at most, and afterwards the family is revoked', async () => {
      for (let round = 0; round < ROUNDS; round += 1) {
        const tokens = await oauth4.tokens(app);
        const outcomes = await Promise.all([oauth4.refresh(app, tokens.refresh_token!), oauth4.refresh(app, tokens.refresh_token!)]);
        const won = outcomes.filter((o) => 'ok' in o).map((o) => expectTokens(o));
        expect(won.length, `round ${round}: at most one winner`).to.be.at.most(1);
        for (const lost of outcomes.filter((o) => 'refused' in o)) expectRefusal(lost, 400, 'invalid_grant');
        for (const winner of won) {
          expect(await kit.apiStatus(winner.access_token), `round ${round}: the winner's access token`).to.equal(401);
          expectRefusal(await oauth4.refresh(app, winner.refresh_token!), 400, 'invalid_grant');
        }
        expect(await kit.apiStatus(tokens.access_token), `round ${round}: the family's first access token`).to.equal(401);
      }
    });

    it('a refresh asking for more than was granted is invalid_scope, and the refresh token still works', async () => {
      const tokens = await oauth4.redeemCode(app, await oauth4.authorizationCode(app, undefined, ['posts:read']));
      const granted = expectTokens(tokens);
      expect(granted.scope).to.equal('posts:read');
      const wider = expectRefusal(await oauth4.refresh(app, granted.refresh_token!, { scope: 'posts:read posts:write' }), 400, 'invalid_scope');
      expect(wider.description, 'the grant, not the client, lacks it').to.include('only for what the person granted, not for posts:write');
      expectRefusal(await oauth4.refresh(app, granted.refresh_token!, { scope: 'media:write' }), 400, 'invalid_scope');

      const after = expectTokens(await oauth4.refresh(app, granted.refresh_token!));
      expect(after.scope).to.equal('posts:read');
      expect(await kit.apiStatus(after.access_token)).to.equal(200);
    });

    it('a refresh asking for less narrows the new access token; the family keeps what was granted', async () => {
      const tokens = await oauth4.tokens(app);
      const narrowed = expectTokens(await oauth4.refresh(app, tokens.refresh_token!, { scope: 'posts:read' }));
      expect(narrowed.scope).to.equal('posts:read');
      const posts = (token: string) => fetch(`${kit.baseUrl}/v1/workspaces/${ws}/posts`, { method: 'POST', headers: { Authorization: `Bearer ${token}` } });
      expect((await posts(narrowed.access_token)).status, 'posts:write is gone from the narrowed token').to.equal(403);
      expect((await fetch(`${kit.baseUrl}/v1/workspaces/${ws}/posts`, { headers: { Authorization: `Bearer ${narrowed.access_token}` } })).status).to.equal(200);

      const full = expectTokens(await oauth4.refresh(app, narrowed.refresh_token!));
      expect(full.scope).to.equal('posts:read posts:write');
      expect((await posts(full.access_token)).status, 'the same request passes the scope check with posts:write').not.to.be.oneOf([401, 403]);
    });

    it('a refresh naming another resource is invalid_target, and the refresh token still works', async () => {
      const tokens = await oauth4.tokens(app);
      expectRefusal(await oauth4.refresh(app, tokens.refresh_token!, { resource: 'https://elsewhere.example/api' }), 400, 'invalid_target');
      expectTokens(await oauth4.refresh(app, tokens.refresh_token!, { resource: kit.baseUrl }));
    });
  });
}
