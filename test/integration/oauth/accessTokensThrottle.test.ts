import { expect } from 'chai';
import { DATABASE_KINDS } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { FormEndpoints } from '../../support/oauthKit/formEndpoints';
import { bearer, OAuthService } from '../../support/oauthKit/service';

const BUDGET = 3;
const WINDOW_SECONDS = 60;

// docs/decisions.md, "Errors, headers, limits": the OAuth endpoints are counted per client
// address; past the budget they answer 429 in the OAuth error body, with Retry-After.
for (const kind of DATABASE_KINDS) {
  describe(`OAuth throttling of the token and device endpoints, on ${kind}`, function () {
    let kit: OAuthService;
    let oauth: FormEndpoints;

    before(async function () {
      kit = await OAuthService.start(this, {
        kind,
        clock: new FixedClock(),
        env: { RATE_LIMIT_MAX: String(BUDGET), RATE_LIMIT_WINDOW_SECONDS: String(WINDOW_SECONDS) },
      });
      oauth = await FormEndpoints.forAgent(kit);
    });
    after(async () => kit?.stop());
    beforeEach(() => kit.clock.advanceSeconds(WINDOW_SECONDS)); // each test starts on a fresh window

    function expectThrottled(res: { status: number; body: Record<string, unknown>; headers: Record<string, string> }): void {
      expect(res.status).to.equal(429);
      expect(res.headers['content-type']).to.match(/^application\/json/);
      expect(Object.keys(res.body).sort()).to.deep.equal(['error', 'error_description']);
      // The code a polling client already backs off on; the status tells it apart from the interval's.
      expect(res.body.error).to.equal('slow_down');
      expect(res.body.error_description).to.match(/rate limit/i);
      expect(Number(res.headers['retry-after'])).to.be.within(1, WINDOW_SECONDS);
      expect(res.headers['cache-control']).to.include('no-store');
    }

    it('answers the token endpoint 429 past the per-address budget, and again after the window', async () => {
      for (let i = 0; i < BUDGET; i += 1) {
        const res = await oauth.poll('not-a-device-code');
        expect([res.status, res.body.error]).to.deep.equal([400, 'invalid_grant']);
      }
      expectThrottled(await oauth.poll('not-a-device-code'));
      // The budget is the address's, not the endpoint's: the device endpoint is refused too.
      expectThrottled(await kit.form.post('/oauth/device/authorize').type('form').send({ client_id: 'agent-cli' }));
      kit.clock.advanceSeconds(WINDOW_SECONDS);
      expect((await oauth.poll('not-a-device-code')).status).to.equal(400);
    });

    it('answers the device endpoint 429 past the budget, with no device code handed out', async () => {
      for (let i = 0; i < BUDGET; i += 1)
        expect((await kit.form.post('/oauth/device/authorize').type('form').send({ client_id: 'agent-cli' })).status).to.equal(200);
      const res = await kit.form.post('/oauth/device/authorize').type('form').send({ client_id: 'agent-cli' });
      expectThrottled(res);
      expect(res.body).not.to.have.property('device_code');
    });

    it('counts the OAuth endpoints apart from the JSON API', async () => {
      const ownerId = await kit.t.given.user(OWNER_EMAIL);
      const ws = await kit.t.given.workspace(OWNER_EMAIL);
      kit.clock.advanceSeconds(WINDOW_SECONDS);
      const token = await oauth.deviceToken(ownerId, ws, ['accounts:read']); // two of the three form requests
      await kit.form.post('/oauth/introspect').type('form').send({ token: token.access_token, client_id: 'agent-cli' }).expect(200);
      expectThrottled(await oauth.introspect(token.access_token));
      await kit.api.get(`/v1/workspaces/${ws}/connections`).set(bearer(token.access_token)).expect(200);
    });
  });
}
