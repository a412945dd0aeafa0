import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { OWNER_EMAIL, PASSWORD } from '../../support/data/people';
import { group, targetOn } from '../../support/data/posts';
import { FixedClock } from '../../support/fixedClock';
import { FormEndpoints } from '../../support/oauthKit/formEndpoints';
import { bearer, OAuthService } from '../../support/oauthKit/service';

// README.md's device walk-through, by HTTP only: the agent starts and polls, the person signs in
// and approves on the pages, and the token acts in the chosen workspace with the chosen scopes.
for (const kind of DATABASE_KINDS) {
  describe(`OAuth access tokens at the API: a device token approved on the pages, on ${kind}`, function () {
    let kit: OAuthService;
    let oauth: FormEndpoints;
    let ws: string;
    let otherWs: string;
    let connectionId: string;

    before(async function () {
      kit = await OAuthService.start(this, { kind, clock: new FixedClock() });
      oauth = await FormEndpoints.forAgent(kit);
      await kit.t.given.user(OWNER_EMAIL);
      otherWs = await kit.t.given.workspace(OWNER_EMAIL, 'Another');
      ws = await kit.t.given.workspace(OWNER_EMAIL, 'Chosen');
      connectionId = await kit.t.given.connection(ws, 'TWITTER', '@chosen');
    });
    after(async () => kit?.stop());

    it('creates a post in the chosen workspace with the narrowed scopes, and nothing beyond them', async () => {
      const started = await oauth.startDevice('posts:read posts:write accounts:read');
      const pending = await oauth.poll(started.device_code);
      expect([pending.status, pending.body.error]).to.deep.equal([400, 'authorization_pending']);

      const browser = kit.browser();
      await browser.signIn(OWNER_EMAIL, PASSWORD);
      const decided = await browser.approveDevice(`/device?user_code=${encodeURIComponent(started.user_code)}`, ws, ['posts:read', 'posts:write']);
      expect(decided.status, decided.text).to.equal(200);

      kit.clock.advanceSeconds(5); // the advertised interval, so the next poll is not slow_down
      const granted = await oauth.poll(started.device_code);
      expect(granted.status, granted.text).to.equal(200);
      expect(granted.headers['cache-control']).to.include('no-store');
      expect(granted.body).to.include({ token_type: 'Bearer', scope: 'posts:read posts:write' });
      const token = granted.body.access_token as string;

      const created = await kit.api
        .post(`/v1/workspaces/${ws}/posts`)
        .set(bearer(token))
        .set('Idempotency-Key', 'device-walkthrough-1')
        .send({ groups: [group()], targets: [targetOn(connectionId, 'TWITTER')] });
      expect(created.status, created.text).to.equal(200);
      expect(created.body).to.include({ workspaceId: ws, status: 'draft' });
      const listed = await kit.api.get(`/v1/workspaces/${ws}/posts`).set(bearer(token)).expect(200);
      expect(listed.body.data.map((p: { id: string }) => p.id)).to.include(created.body.id);

      const unticked = await kit.api.get(`/v1/workspaces/${ws}/connections`).set(bearer(token)).expect(403);
      expect(unticked.headers['www-authenticate']).to.include('scope="accounts:read"');
      expect((await kit.api.get(`/v1/workspaces/${otherWs}/posts`).set(bearer(token)).expect(403)).body.error.code).to.equal('workspace_not_allowed');
      const again = await oauth.poll(started.device_code);
      expect([again.status, again.body.error]).to.deep.equal([400, 'invalid_grant']);
    });
  });
}
