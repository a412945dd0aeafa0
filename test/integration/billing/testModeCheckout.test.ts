import { expect } from 'chai';
import request from 'supertest';
import { TOKENS } from '../../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

for (const kind of DATABASE_KINDS) {
  describe(`the test-mode checkout (Stripe not configured) on ${kind}`, function () {
    let t: TestApp;
    let workspaceId: string;
    let ownerId: string;
    let ownerKey: string;

    const checkout = async (productId: string): Promise<string> => {
      const res = await api(t.app).post('/v1/transcriptions/checkout').set(bearer(ownerKey)).send({ productId }).expect(200);
      const url = new URL(res.body.checkoutUrl);
      expect(url.origin).to.equal(new URL(t.config.http.baseUrl).origin);
      expect(url.pathname).to.match(/^\/checkout\/test\/cs_test_/);
      return url.pathname;
    };
    /** Opens the page in a browser-like agent (cookies kept) and presses one of its buttons. */
    const press = async (path: string, button: 'complete' | 'cancel') => {
      const browser = request.agent(t.app.callback());
      const page = await browser.get(path).expect(200);
      expect(page.text)
        .to.match(/test mode/i)
        .and.include('no payment is taken');
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
      expect(page.text).to.include(`action="${path}/complete"`).and.include(`action="${path}/cancel"`);
      return browser.post(`${path}/${button}`).type('form').send({ _csrf: csrf });
    };

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      t = await startTestApp(await freshDatabaseEnv(kind));
      ownerId = await t.given.user(OWNER_EMAIL);
      workspaceId = await t.given.workspace(OWNER_EMAIL);
      ownerKey = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
    });
    after(async () => t?.close());

    it("completing a workspace product's checkout makes the workspace's subscription active and paid, then shows the success page", async () => {
      const path = await checkout('workspace-pro');
      const done = await press(path, 'complete');
      expect(done.status).to.equal(303);
      expect(done.headers.location).to.equal(`${t.config.http.baseUrl}/checkout/done`);
      expect(await t.composition.get(TOKENS.WorkspaceSubscriptions).find(workspaceId)).to.include({ status: 'active', plan: 'pro' });
      // The session is used up: its page is gone.
      await request(t.app.callback()).get(path).expect(404);
    });

    it("completing a transcription product's checkout gives the person an active plan with a period", async () => {
      const done = await press(await checkout('transcriptions-pro'), 'complete');
      expect(done.status).to.equal(303);
      const account = (await t.composition.get(TOKENS.BillingAccounts).find(ownerId))!;
      expect(account.customerId).to.match(/^cus_test_/);
      expect(account.subscription).to.include({ productId: 'transcriptions-pro', status: 'active' });
      expect(account.subscription!.currentPeriodEnd.getTime()).to.be.greaterThan(Date.now() + 27 * 86_400_000);
    });

    it("shows a completed transcription plan in the person's usage: subscribed, paid up, its limits, period and customer", async () => {
      const session = await t.given.session(OWNER_EMAIL);
      await press(await checkout('transcriptions-pro'), 'complete');
      const account = (await t.composition.get(TOKENS.BillingAccounts).find(ownerId))!;
      const usage = await api(t.app).get('/v1/transcriptions/usage').set(bearer(session)).expect(200);
      expect(usage.body).to.deep.equal({
        used: 0,
        limit: 150,
        periodEnd: account.subscription!.currentPeriodEnd.getTime(),
        isSortedActive: true,
        isSubscribed: true,
        paidSoftLimit: 100,
        paidHardLimit: 150,
        stripeCustomerId: account.customerId,
      });
    });

    it('asks for no payment in test mode (no payment provider configured), and records a test checkout as the paid plan', async () => {
      const ws = await t.given.workspace(OWNER_EMAIL, 'Onboarding');
      const key = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
      const setup = async () => (await api(t.app).get(`/v1/me/setup/${ws}`).set(bearer(key)).expect(200)).body;
      expect(await setup()).to.deep.include({ outstandingAction: 'connect_account', onboardingComplete: false });
      await t.given.connection(ws, 'BLUESKY', 'onboarding.bsky.social');
      expect(await setup()).to.deep.include({ subscription: { plan: 'free', status: 'none', paid: false }, outstandingAction: null, onboardingComplete: true });
      const res = await api(t.app).post('/v1/transcriptions/checkout').set(bearer(key)).send({ productId: 'workspace-pro' }).expect(200);
      await press(new URL(res.body.checkoutUrl).pathname, 'complete');
      expect(await setup()).to.deep.include({
        subscription: { plan: 'pro', status: 'active', paid: true },
        outstandingAction: null,
        onboardingComplete: true,
      });
    });

    it('cancelling goes back to the cancel URL and records nothing', async () => {
      const accounts = t.composition.get(TOKENS.BillingAccounts);
      const before = await accounts.find(ownerId);
      const cancelled = await press(await checkout('transcriptions-pro'), 'cancel');
      expect(cancelled.status).to.equal(303);
      expect(cancelled.headers.location).to.equal(`${t.config.http.baseUrl}/checkout/cancelled`);
      expect(await accounts.find(ownerId)).to.deep.equal(before);
    });

    it('refuses a form posted without the CSRF token', async () => {
      const path = await checkout('transcriptions-pro');
      const res = await request(t.app.callback()).post(`${path}/complete`).type('form').send({});
      expect(res.status).to.equal(403);
      await request(t.app.callback()).get(path).expect(200);
    });

    it('takes an Idempotency-Key on the checkout: the same request replays the same answer, another body is a 409', async () => {
      const send = (productId: string) =>
        api(t.app).post('/v1/transcriptions/checkout').set(bearer(ownerKey)).set('Idempotency-Key', 'checkout-once').send({ productId });
      const first = await send('transcriptions-pro').expect(200);
      const again = await send('transcriptions-pro').expect(200);
      expect(again.body.checkoutUrl).to.equal(first.body.checkoutUrl);
      expect((await send('workspace-pro').expect(409)).body.error.code).to.equal('idempotency_key_reused');
    });

    it('refuses every Stripe event in test mode', async () => {
      const res = await api(t.app).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', 't=1,v1=00').send('{}').expect(400);
      expect(res.body.error.code).to.equal('invalid_signature');
    });
  });
}

describe('the test-mode checkout coming back to the app', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(await freshDatabaseEnv('sqlite'), {
      CHECKOUT_SUCCESS_URL: 'https://app.example.com/billing/thanks',
      CHECKOUT_CANCEL_URL: 'https://www.example.org/pricing',
    });
  });
  after(async () => t?.close());

  it("lets its forms end at the app's success and cancel URLs (browsers apply form-action to the redirect)", async () => {
    await t.given.user(OWNER_EMAIL);
    const ws = await t.given.workspace(OWNER_EMAIL);
    const key = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
    const res = await api(t.app).post('/v1/transcriptions/checkout').set(bearer(key)).send({ productId: 'transcriptions-pro' }).expect(200);
    const path = new URL(res.body.checkoutUrl).pathname;
    const browser = request.agent(t.app.callback());
    const page = await browser.get(path).expect(200);
    const formAction = /form-action ([^;]+)/.exec(page.headers['content-security-policy'])![1]!.split(' ');
    expect(formAction).to.have.members(["'self'", 'https://app.example.com', 'https://www.example.org']);
    const csrf = /name="_csrf" value="([^"]+)"/.exec(page.text)![1]!;
    const done = await browser.post(`${path}/complete`).type('form').send({ _csrf: csrf }).expect(303);
    expect(done.headers.location).to.equal('https://app.example.com/billing/thanks');
  });
});
