import { expect } from 'chai';
import { type Browser } from '../../support/oauthKit/browser';
import { OWNER_EMAIL } from '../../support/data/people';
import { FixedClock } from '../../support/fixedClock';
import { expectRefusal, expectTokens, Oauth4WebApi, SCOPES, type TestClient } from '../../support/oauthKit/oauth4webapi';
import { OAuthService } from '../../support/oauthKit/service';

/** The device flow's refusals (RFC 8628 §3.5; docs/decisions.md, "OAuth server"): polling, user codes, the lockout. */
for (const kind of ['sqlite', 'mysql'] as const) {
  describe(`OAuth errors: the device flow (${kind})`, () => {
    let kit: OAuthService;
    let oauth4: Oauth4WebApi;
    let ws: string;
    let cli: TestClient;
    let browser: Browser;

    beforeEach(async function () {
      kit = await OAuthService.start(this, { kind, clock: new FixedClock() });
      await kit.t.given.user(OWNER_EMAIL);
      ws = await kit.t.given.workspace(OWNER_EMAIL);
      oauth4 = await Oauth4WebApi.discover(kit, ws);
      cli = await oauth4.register('cli-app', { grants: ['device_code', 'refresh_token'] });
      browser = await kit.signedIn();
    });
    afterEach(() => kit.stop());

    const start = async () => expectTokens(await oauth4.startDevice(cli));

    it('a poll sooner than the interval is slow_down; one a full interval later is pending again, the interval never raised', async () => {
      const device = await start();
      expect(device.interval).to.equal(5);
      expectRefusal(await oauth4.pollDevice(cli, device.device_code), 400, 'authorization_pending');
      kit.clock.advanceSeconds(4);
      expectRefusal(await oauth4.pollDevice(cli, device.device_code), 400, 'slow_down');
      kit.clock.advanceSeconds(5);
      expectRefusal(await oauth4.pollDevice(cli, device.device_code), 400, 'authorization_pending');
      kit.clock.advanceSeconds(5);
      expectRefusal(await oauth4.pollDevice(cli, device.device_code), 400, 'authorization_pending');
    });

    it('a poll after the code expired (600 s) is expired_token, approved or not', async () => {
      const device = await start();
      kit.clock.advanceSeconds(601);
      expectRefusal(await oauth4.pollDevice(cli, device.device_code), 400, 'expired_token');
      kit.clock.advanceSeconds(1800);
      expectRefusal(await oauth4.pollDevice(cli, device.device_code), 400, 'expired_token');

      const approved = await start();
      expect((await browser.decideTypedCode(approved.user_code, ws, 'approve', SCOPES)).status).to.equal(200);
      kit.clock.advanceSeconds(601);
      expectRefusal(await oauth4.pollDevice(cli, approved.device_code), 400, 'expired_token');
    });

    it('a poll after the person denied is access_denied, and stays so', async () => {
      const device = await start();
      expect((await browser.decideTypedCode(device.user_code, ws, 'deny', SCOPES)).text).to.include('Request denied');
      expectRefusal(await oauth4.pollDevice(cli, device.device_code), 400, 'access_denied');
      kit.clock.advanceSeconds(10);
      expectRefusal(await oauth4.pollDevice(cli, device.device_code), 400, 'access_denied');
    });

    it('a poll after the tokens were issued is invalid_grant', async () => {
      const device = await start();
      await browser.decideTypedCode(device.user_code, ws, 'approve', SCOPES);
      const tokens = expectTokens(await oauth4.pollDevice(cli, device.device_code));
      expect(tokens.scope).to.equal(SCOPES.join(' '));
      kit.clock.advanceSeconds(5);
      expectRefusal(await oauth4.pollDevice(cli, device.device_code), 400, 'invalid_grant');
    });

    it("another client polling with this client's device code gets invalid_grant, and the code still works for its own client", async () => {
      const other = await oauth4.register('other-cli', { grants: ['device_code'] });
      const device = await start();
      expectRefusal(await oauth4.pollDevice(other, device.device_code), 400, 'invalid_grant');
      await browser.decideTypedCode(device.user_code, ws, 'approve', SCOPES);
      expectRefusal(await oauth4.pollDevice(other, device.device_code), 400, 'invalid_grant');
      expectTokens(await oauth4.pollDevice(cli, device.device_code));
    });

    it('a resource other than the API is invalid_target at device authorization', async () => {
      expectRefusal(await oauth4.startDevice(cli, { scope: 'posts:read', resource: 'https://elsewhere.example/' }), 400, 'invalid_target');
      expectTokens(await oauth4.startDevice(cli, { scope: 'posts:read', resource: kit.baseUrl }));
    });

    for (const first of ['approve', 'deny'] as const) {
      it(`a user code already decided (${first}) cannot be looked up, approved or denied again`, async () => {
        const device = await start();
        expect((await browser.decideTypedCode(device.user_code, ws, first, SCOPES)).status).to.equal(200);
        const csrf = await browser.freshCsrf();
        const again = await browser.post('/device', { _csrf: csrf, user_code: device.user_code });
        expect(again.status).to.equal(400);
        expect(again.text).to.include('That code is not valid');
        for (const decision of ['approve', 'deny']) {
          const decided = await browser.post('/device/decide', {
            _csrf: csrf,
            user_code: device.user_code,
            workspace: ws,
            decision,
            'scope.posts:read': '1',
          });
          expect(decided.status, decision).to.equal(400);
        }
        const poll = await oauth4.pollDevice(cli, device.device_code);
        if (first === 'deny') expectRefusal(poll, 400, 'access_denied');
        else expectTokens(poll);
      });
    }

    it('after five wrong codes within 15 minutes every look-up is refused with 429 and Retry-After, even the right one; the next window lets it through', async () => {
      const csrf = await browser.freshCsrf();
      for (const wrong of ['BCDF-GHJK', 'bcdfghjl', 'BCDF GHJM', 'XXXX-XXXX', 'ZZZZ-ZZZZ']) {
        const res = await browser.post('/device', { _csrf: csrf, user_code: wrong });
        expect(res.status, wrong).to.equal(400);
      }
      kit.clock.advanceSeconds(14 * 60);
      const device = await start();
      const locked = await browser.post('/device', { _csrf: csrf, user_code: device.user_code });
      expect(locked.status).to.equal(429);
      expect(locked.text).to.include('Too many codes tried');
      expect(Number(locked.headers.get('retry-after')), 'the rest of the window, in seconds').to.be.within(1, 60);
      expect((await browser.get(`/device?user_code=${device.user_code}`)).status, 'the link form counts too').to.equal(429);

      kit.clock.advanceSeconds(60);
      const open = await browser.post('/device', { _csrf: csrf, user_code: device.user_code });
      expect(open.status).to.equal(200);
      expect(open.text).to.include(device.user_code);
    });

    it('looking the right code up again and again (a reload of its page) counts nothing: wrong codes still have their five', async () => {
      const device = await start();
      for (let i = 0; i < 8; i += 1) expect((await browser.get(`/device?user_code=${device.user_code}`)).status, `view ${i + 1}`).to.equal(200);
      const csrf = await browser.freshCsrf();
      for (const wrong of ['BCDF-GHJK', 'bcdfghjl', 'BCDF GHJM', 'XXXX-XXXX'])
        expect((await browser.post('/device', { _csrf: csrf, user_code: wrong })).status).to.equal(400);
      expect((await browser.post('/device', { _csrf: csrf, user_code: device.user_code })).status, 'four wrong, the right one').to.equal(200);
    });

    it("the lockout is the person's: another person may still look the code up", async () => {
      await kit.t.given.user('second@example.com');
      const device = await start();
      const csrf = await browser.freshCsrf();
      for (let i = 0; i < 6; i += 1) await browser.post('/device', { _csrf: csrf, user_code: 'BCDF-GHJK' });
      expect((await browser.post('/device', { _csrf: csrf, user_code: device.user_code })).status).to.equal(429);
      const second = await kit.signedIn('second@example.com');
      expect((await second.post('/device', { _csrf: await second.freshCsrf(), user_code: device.user_code })).status).to.equal(200);
    });
  });
}
