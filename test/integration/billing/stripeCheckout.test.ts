import { expect } from 'chai';
import Stripe from 'stripe';
import { isPaidUp } from '../../../domain/billing/Subscription';
import { TOKENS } from '../../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { OTHER_OWNER_EMAIL, OWNER_EMAIL, VIEWER_EMAIL } from '../../support/data/people';
import { StripeFake } from '../../support/fakes/stripeFake';
import { api } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

const SECRET_KEY = 'sk_test_fake_secret_key';
const WEBHOOK_SECRET = 'whsec_test_webhook_secret';
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const signer = new Stripe(SECRET_KEY);

/** A Stripe event as Stripe sends it, signed as Stripe signs it (the SDK's own test helper). */
function signed(event: object, timestamp = Math.floor(Date.now() / 1000)): { payload: string; header: string } {
  const payload = JSON.stringify({ object: 'event', api_version: '2025-09-30.clover', livemode: false, created: timestamp, ...event });
  return { payload, header: signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp }) };
}

for (const kind of DATABASE_KINDS) {
  describe(`Stripe checkout and billing events on ${kind}`, function () {
    let t: TestApp;
    let stripe: StripeFake;
    let workspaceId: string;
    let ownerId: string;
    let ownerKey: string;
    let serial = 0;

    const deliver = (event: object, timestamp?: number) => {
      const { payload, header } = signed(event, timestamp);
      return api(t.app).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
    };
    const checkoutCompleted = (metadata: Record<string, string>, subscription: string, customer: string) => ({
      id: `evt_checkout_${++serial}`,
      type: 'checkout.session.completed',
      data: { object: { id: `cs_${serial}`, object: 'checkout.session', mode: 'subscription', payment_status: 'paid', customer, subscription, metadata } },
    });
    const subscriptionEvent = (type: string, subscription: string, customer: string, status: string, metadata: Record<string, string>, periodEnd: number) => ({
      id: `evt_sub_${++serial}`,
      type,
      data: { object: { id: subscription, object: 'subscription', customer, status, metadata, items: { data: [{ current_period_end: periodEnd }] } } },
    });
    const invoiceEvent = (type: string, subscription: string, customer: string) => ({
      id: `evt_inv_${++serial}`,
      type,
      data: { object: { id: `in_${serial}`, object: 'invoice', customer, parent: { type: 'subscription_details', subscription_details: { subscription } } } },
    });

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      stripe = await StripeFake.start(SECRET_KEY);
      t = await startTestApp(await freshDatabaseEnv(kind), {
        STRIPE_SECRET_KEY: SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_API_BASE_URL: stripe.baseUrl,
      });
      ownerId = await t.given.user(OWNER_EMAIL);
      await t.given.user(VIEWER_EMAIL);
      await t.given.user(OTHER_OWNER_EMAIL);
      workspaceId = await t.given.workspace(OWNER_EMAIL);
      await t.given.member(workspaceId, VIEWER_EMAIL, 'viewer');
      ownerKey = (await t.given.apiKey(workspaceId, OWNER_EMAIL, 'owner')).key;
    });
    after(async () => {
      await t?.close();
      await stripe?.stop();
    });

    it('opens a Checkout Session in subscription mode, creating the Stripe customer once across two checkouts', async () => {
      const first = await api(t.app).post('/v1/transcriptions/checkout').set(bearer(ownerKey)).send({ productId: 'transcriptions-pro' }).expect(200);
      expect(first.body.checkoutUrl).to.match(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
      await api(t.app).post('/v1/transcriptions/checkout').set(bearer(ownerKey)).send({ productId: 'transcriptions-pro' }).expect(200);

      const customers = stripe.requestsTo('/v1/customers');
      expect(customers).to.have.length(1);
      expect(customers[0]!.authorization).to.equal(`Bearer ${SECRET_KEY}`);
      expect(customers[0]!.contentType).to.match(/^application\/x-www-form-urlencoded/);
      expect(customers[0]!.form.get('email')).to.equal(OWNER_EMAIL);
      const customerId = (await t.composition.get(TOKENS.BillingAccounts).find(ownerId))!.customerId;
      expect(customerId).to.match(/^cus_fake/);

      const sessions = stripe.requestsTo('/v1/checkout/sessions');
      expect(sessions).to.have.length(2);
      for (const s of sessions) {
        expect(s.authorization).to.equal(`Bearer ${SECRET_KEY}`);
        expect(Object.fromEntries(s.form)).to.include({
          mode: 'subscription',
          customer: customerId,
          'line_items[0][price]': 'price_transcriptions_pro',
          'line_items[0][quantity]': '1',
          success_url: `${t.config.http.baseUrl}/checkout/done`,
          cancel_url: `${t.config.http.baseUrl}/checkout/cancelled`,
          client_reference_id: ownerId,
          'metadata[userId]': ownerId,
          'metadata[productId]': 'transcriptions-pro',
          'subscription_data[metadata][productId]': 'transcriptions-pro',
        });
      }
    });

    it('answers 422 naming an unknown product, and 403 to a viewer without billing:write', async () => {
      const unknown = await api(t.app).post('/v1/transcriptions/checkout').set(bearer(ownerKey)).send({ productId: 'gold-plan' }).expect(422);
      expect(unknown.body.error).to.include({ type: 'ValidationError', code: 'unknown_product' });
      expect(unknown.body.error.message).to.include('gold-plan').and.include('transcriptions-pro');
      const viewer = await t.given.session(VIEWER_EMAIL);
      const refused = await api(t.app).post('/v1/transcriptions/checkout').set(bearer(viewer)).send({ productId: 'transcriptions-pro' }).expect(403);
      expect(refused.body.error.code).to.equal('insufficient_scope');
    });

    it('needs the workspace a workspace product pays for, and billing:write there', async () => {
      const session = await t.given.session(OWNER_EMAIL);
      const none = await api(t.app).post('/v1/transcriptions/checkout').set(bearer(session)).send({ productId: 'workspace-pro' }).expect(422);
      expect(none.body.error.code).to.equal('workspace_required');
      const elsewhere = await t.given.workspace(OTHER_OWNER_EMAIL, 'Not yours');
      await api(t.app).post('/v1/transcriptions/checkout').set(bearer(session)).send({ productId: 'workspace-pro', workspaceId: elsewhere }).expect(404);
      const keyElsewhere = await api(t.app)
        .post('/v1/transcriptions/checkout')
        .set(bearer(ownerKey))
        .send({ productId: 'workspace-pro', workspaceId: elsewhere })
        .expect(403);
      expect(keyElsewhere.body.error.code).to.equal('workspace_not_allowed');
      await api(t.app).post('/v1/transcriptions/checkout').set(bearer(ownerKey)).send({ productId: 'workspace-pro' }).expect(200);
      expect(stripe.requestsTo('/v1/checkout/sessions').at(-1)!.form.get('metadata[workspaceId]')).to.equal(workspaceId);
      await api(t.app).post('/v1/transcriptions/checkout').set(bearer(session)).send({ productId: 'workspace-pro', workspaceId }).expect(200);
      const last = stripe.requestsTo('/v1/checkout/sessions').at(-1)!;
      expect(last.form.get('line_items[0][price]')).to.equal('price_workspace_pro');
      expect(last.form.get('subscription_data[metadata][workspaceId]')).to.equal(workspaceId);
    });

    it("makes the workspace's subscription active and paid when its checkout completes, once per event id", async () => {
      const subscriptions = t.composition.get(TOKENS.WorkspaceSubscriptions);
      const metadata = { userId: ownerId, productId: 'workspace-pro', workspaceId };
      const completed = checkoutCompleted(metadata, 'sub_ws_1', 'cus_ws');
      const first = await deliver(completed).expect(200);
      expect(first.body).to.deep.equal({ received: true, replayed: false });
      const active = (await subscriptions.find(workspaceId))!;
      expect(active).to.include({ status: 'active', plan: 'pro', subscriptionId: 'sub_ws_1', customerId: 'cus_ws' });
      expect(isPaidUp(active.status === 'none' ? null : active.status)).to.equal(true);

      await deliver(subscriptionEvent('customer.subscription.deleted', 'sub_ws_1', 'cus_ws', 'canceled', metadata, 1_900_000_000)).expect(200);
      expect((await subscriptions.find(workspaceId))!.status).to.equal('canceled');
      const again = await deliver(completed).expect(200);
      expect(again.body).to.deep.equal({ received: true, replayed: true });
      expect((await subscriptions.find(workspaceId))!.status).to.equal('canceled');
    });

    it("follows a person's transcription plan through subscription and invoice events", async () => {
      const accounts = t.composition.get(TOKENS.BillingAccounts);
      const metadata = { userId: ownerId, productId: 'transcriptions-pro' };
      await deliver(subscriptionEvent('customer.subscription.created', 'sub_tr_1', 'cus_tr', 'active', metadata, 1_900_000_000)).expect(200);
      expect((await accounts.find(ownerId))!.subscription).to.deep.equal({
        id: 'sub_tr_1',
        productId: 'transcriptions-pro',
        status: 'active',
        currentPeriodEnd: new Date(1_900_000_000 * 1000),
      });
      const customerId = (await accounts.find(ownerId))!.customerId!;
      await deliver(invoiceEvent('invoice.payment_failed', 'sub_tr_1', customerId)).expect(200);
      expect((await accounts.find(ownerId))!.subscription!.status).to.equal('past_due');
      await deliver(invoiceEvent('invoice.paid', 'sub_tr_1', customerId)).expect(200);
      expect((await accounts.find(ownerId))!.subscription!.status).to.equal('active');
    });

    it('refuses a validly signed body that is not an event with 400 invalid_event, recording nothing (issue 19)', async () => {
      const accounts = t.composition.get(TOKENS.BillingAccounts);
      const before = (await accounts.find(ownerId))!.subscription;
      const noData = JSON.stringify({ id: 'evt_no_data', object: 'event', type: 'customer.subscription.updated' });
      for (const payload of ['[]', '{}', noData, 'not json', '{"id": "evt_x", "type": "invoice.paid", "data": []}']) {
        const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
        const res = await api(t.app).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload);
        expect(res.status, `${payload}: ${res.text}`).to.equal(400);
        expect(res.body.error).to.include({ type: 'BadRequestError', code: 'invalid_event' });
      }
      expect((await accounts.find(ownerId))!.subscription).to.deep.equal(before);
      // Its id was not marked as seen: the first sighting is still to come.
      expect(await t.composition.get(TOKENS.InboundEventLog).firstSighting('stripe', 'evt_no_data', new Date())).to.equal(true);
    });

    it('refuses a bad signature, a missing one and a stale timestamp with 400, changing nothing', async () => {
      const accounts = t.composition.get(TOKENS.BillingAccounts);
      const before = (await accounts.find(ownerId))!.subscription;
      const canceled = subscriptionEvent(
        'customer.subscription.updated',
        'sub_tr_1',
        'cus_tr',
        'canceled',
        { userId: ownerId, productId: 'transcriptions-pro' },
        1,
      );
      const { payload } = signed(canceled);
      const forged = new Stripe(SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: 'whsec_not_ours' });
      const bad = await api(t.app).post('/webhooks/stripe').set('Content-Type', 'application/json').set('Stripe-Signature', forged).send(payload).expect(400);
      expect(bad.body.error).to.include({ type: 'BadRequestError', code: 'invalid_signature' });
      await api(t.app).post('/webhooks/stripe').set('Content-Type', 'application/json').send(payload).expect(400);
      const stale = await deliver(canceled, Math.floor(Date.now() / 1000) - 600).expect(400);
      expect(stale.body.error.code).to.equal('invalid_signature');
      expect((await accounts.find(ownerId))!.subscription).to.deep.equal(before);
      // The same event, signed now, is acted on: the refusals above did not mark its id as seen.
      await deliver(canceled).expect(200);
      expect((await accounts.find(ownerId))!.subscription!.status).to.equal('canceled');
    });
  });
}

// Not a storage behaviour: one database is enough (a second app on the shared MySQL database would drop the first one's tables).
describe('Stripe refusing the checkout', () => {
  let stripe: StripeFake;
  before(async () => {
    stripe = await StripeFake.start(SECRET_KEY);
  });
  after(async () => stripe?.stop());

  it("answers 503 payment_provider_unavailable with Stripe's reason when Stripe refuses the call", async () => {
    const wrongKey = await startTestApp(await freshDatabaseEnv('sqlite'), {
      STRIPE_SECRET_KEY: 'sk_test_revoked',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE_URL: stripe.baseUrl,
    });
    try {
      await wrongKey.given.user(OWNER_EMAIL);
      const ws = await wrongKey.given.workspace(OWNER_EMAIL);
      const key = (await wrongKey.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
      const res = await api(wrongKey.app).post('/v1/transcriptions/checkout').set(bearer(key)).send({ productId: 'transcriptions-pro' }).expect(503);
      expect(res.body.error.code).to.equal('payment_provider_unavailable');
      expect(res.body.error.message).to.include('Invalid API Key');
      expect(res.headers['retry-after']).to.be.a('string');
    } finally {
      await wrongKey.close();
    }
  });
});
