import { expect } from 'chai';
import { WebhookDeliveryLoop } from '../../../adapters/inbound/worker/WebhookDeliveryLoop';
import { TOKENS as T } from '../../../config/tokens';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { OWNER_EMAIL } from '../../support/data/people';
import { api, type ApiClient } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { ShiftedClock } from '../../support/shiftedClock';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';
import { QUICK_WEBHOOKS } from '../../support/webhooks/webhookApp';
import { WebhookReceiver } from '../../support/webhooks/webhookReceiver';
import { eventually } from '../../support/workerProcess';

const EVENTS = 40;

for (const kind of DATABASE_KINDS) {
  describe(`webhooks: two delivery workers share the outbox (${kind})`, function () {
    this.timeout(60_000);
    const clock = new ShiftedClock();
    let t: TestApp;
    let http: ApiClient;
    let auth: { Authorization: string };
    let base: string;
    let webhookId: string;
    let receiver: WebhookReceiver;

    const queueTestEvent = async (): Promise<{ id: string; eventId: string }> =>
      (await http.post(`${base}/webhooks/${webhookId}/test`).set(auth).expect(202)).body;
    const deliveryLog = async (): Promise<Array<Record<string, any>>> =>
      (await http.get(`${base}/webhooks/${webhookId}/deliveries?limit=100`).set(auth).expect(200)).body.data;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      // No delivery loop of the kit's: the test's two workers are the only ones. Small batches,
      // so each worker makes several rounds while the other's are in flight; a timeout far above
      // the receiver's 100 ms, so a loaded machine never turns a slow answer into a resend.
      const env = { ...QUICK_WEBHOOKS, WEBHOOK_BATCH_SIZE: '5', WEBHOOK_TIMEOUT_MS: '10000' };
      t = await startTestApp(await freshDatabaseEnv(kind), env, { replace: (w) => w.replace(T.Clock, clock) });
      await t.given.user(OWNER_EMAIL);
      const ws = await t.given.workspace(OWNER_EMAIL);
      auth = { Authorization: `Bearer ${(await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key}` };
      base = `/v1/workspaces/${ws}`;
      http = api(t.app);
      receiver = await WebhookReceiver.start();
      const created = await http
        .post(`${base}/webhooks`)
        .set(auth)
        .send({ url: receiver.url, eventTypes: ['post.published'] })
        .expect(201);
      receiver.secrets.push(created.body.secret);
      webhookId = created.body.id;
    });
    after(async () => {
      await t?.close();
      await receiver?.stop();
    });

    it(`${EVENTS} events, two workers whose rounds overlap on a slow receiver: each event arrives exactly once, one attempt each`, async () => {
      const queued = [];
      for (let i = 0; i < EVENTS; i++) queued.push(await queueTestEvent());
      receiver.answer(...queued.map(() => ({ status: 200, delayMs: 100 })));

      const deliver = t.composition.get(T.DeliverWebhooks);
      const attempted = new Map<string, number>();
      const counted = {
        run: async (owner: string) => {
          const n = await deliver.run(owner);
          attempted.set(owner, (attempted.get(owner) ?? 0) + n);
          return n;
        },
      };
      const workers = ['worker-a', 'worker-b'].map(
        (owner) => new WebhookDeliveryLoop(counted, t.composition.get(T.Logger), owner, 5, t.composition.get(T.Timers)),
      );
      for (const worker of workers) worker.start();
      try {
        await eventually(
          async () => (await deliveryLog()).every((d) => d.status !== 'pending'),
          30_000,
          `every delivery settled (received ${receiver.received.length})`,
        );
      } finally {
        for (const worker of workers) await worker.stop();
      }

      expect(receiver.received, 'one request per event, no more').to.have.length(EVENTS);
      expect(
        receiver.received.every((r) => r.verifiedWith.length === 1),
        'every request verifies',
      ).to.equal(true);
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(new Set(ids).size, 'no event twice').to.equal(EVENTS);
      expect([...ids].sort()).to.deep.equal(queued.map((q) => q.eventId).sort());

      const log = await deliveryLog();
      expect(log).to.have.length(EVENTS);
      for (const d of log) {
        expect(d, d.id).to.include({ status: 'succeeded', attempts: 1, lastStatusCode: 200 });
        expect(d.attemptLog, d.id).to.have.length(1);
      }
      expect(attempted.get('worker-a')! + attempted.get('worker-b')!).to.equal(EVENTS);
      expect(attempted.get('worker-a'), 'worker-a delivered some').to.be.greaterThan(0);
      expect(attempted.get('worker-b'), 'worker-b delivered some').to.be.greaterThan(0);
    });

    it("a delivery whose lease is still held is not the other worker's; once the lease ran out it is, and the first worker's late result is refused", async () => {
      const queued = await queueTestEvent();
      const deliveries = t.composition.get(T.WebhookDeliveries);
      const deliver = t.composition.get(T.DeliverWebhooks);
      const { leaseMs } = t.composition.get(T.WebhookSettings);
      const before = receiver.received.length;

      // worker-a claims it and then stalls (its process hangs before it calls the endpoint).
      const claimedAt = clock.now();
      const held = await deliveries.claimDue({ owner: 'worker-a', now: claimedAt, leaseMs, limit: 10 });
      expect(held.map((d) => d.id)).to.deep.equal([queued.id]);

      expect(await deliver.run('worker-b'), 'nothing for worker-b while the lease holds').to.equal(0);
      clock.advance(leaseMs - 1000);
      expect(await deliver.run('worker-b'), 'nothing for worker-b a second before the lease ends').to.equal(0);
      expect(receiver.received.length).to.equal(before);

      clock.advance(1000);
      expect(await deliver.run('worker-b'), 'worker-b takes it once the lease ran out').to.equal(1);
      expect(receiver.received.length).to.equal(before + 1);
      const last = receiver.received.at(-1)!;
      expect(last.headers['webhook-id']).to.equal(queued.eventId);
      expect(last.verifiedWith).to.deep.equal([0]);

      // worker-a wakes up and reports its own attempt: refused, the delivery is settled already.
      const late = await deliveries.record(
        queued.id,
        'worker-a',
        { attempt: { attempt: 1, at: claimedAt, statusCode: 200, responseMs: 5, error: null }, next: { status: 'succeeded' } },
        clock.now(),
      );
      expect(late).to.equal(false);
      const delivery = (await deliveryLog()).find((d) => d.id === queued.id)!;
      expect(delivery).to.include({ status: 'succeeded', attempts: 1 });
      expect(delivery.attemptLog).to.have.length(1);
      expect(await deliver.run('worker-a'), 'nothing left for anyone').to.equal(0);
    });
  });
}
