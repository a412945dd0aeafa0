import { expect } from 'chai';
import { DATABASE_KINDS, serverFor } from '../../support/databases';
import { requireServer } from '../../support/services';
import { WebhookApp } from '../../support/webhooks/webhookApp';
import { type Answer, WebhookReceiver } from '../../support/webhooks/webhookReceiver';
import { eventually } from '../../support/workerProcess';

type Delivery = Record<string, any>;

/** The kit's schedule (WEBHOOK_RETRY_SCHEDULE_SECONDS=1,1,1): four attempts a delivery. */
const ATTEMPTS = 4;
const fail500 = (n: number): Answer[] => Array.from({ length: n }, () => ({ status: 500 }));

for (const kind of DATABASE_KINDS) {
  describe(`webhooks: retries, disabling, manual retry and the test event (${kind})`, function () {
    this.timeout(60_000);
    let app: WebhookApp;
    /** Subscribed to post.published and always answering 200: shows that an event was sent to those who wanted it. */
    let witness: WebhookReceiver;
    let witnessId: string;
    let started: Array<{ receiver: WebhookReceiver; id: string }> = [];
    let posts = 0;

    before(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      app = await WebhookApp.start(kind, ['BLUESKY']);
      witness = await WebhookReceiver.start();
      witnessId = (await app.subscribe(witness, ['post.published'])).id;
    });
    afterEach(async () => {
      for (const { receiver, id } of started) {
        await app.http.delete(`${app.base}/webhooks/${id}`).set(app.auth).expect(204);
        await receiver.stop();
      }
      started = [];
    });
    after(async () => {
      await app?.close();
      await witness?.stop();
    });

    /** A receiver answering from `script` (then 200), subscribed to post.published. */
    async function endpoint(...script: Answer[]): Promise<{ receiver: WebhookReceiver; id: string }> {
      const receiver = await WebhookReceiver.start();
      receiver.answer(...script);
      const { id } = await app.subscribe(receiver, ['post.published']);
      started.push({ receiver, id });
      return { receiver, id };
    }

    /** A post published at once: one post.published event. */
    async function publish(): Promise<string> {
      posts += 1;
      return (await app.post({ BLUESKY: `Post number ${posts} of the delivery tests` })).id;
    }

    /** The webhook's only delivery (or the one of `eventId`), once `done` holds for it. */
    async function deliveryWhen(webhookId: string, done: (d: Delivery) => boolean, what: string, eventId?: string): Promise<Delivery> {
      let found: Delivery | undefined;
      await eventually(
        async () => {
          const all = await app.deliveries(webhookId);
          found = eventId === undefined ? all[0] : all.find((d) => d.eventId === eventId);
          return found !== undefined && done(found);
        },
        20_000,
        what,
      );
      return found!;
    }
    const ended = (d: Delivery) => d.status !== 'pending';

    async function webhookWhen(webhookId: string, done: (w: Record<string, any>) => boolean, what: string): Promise<Record<string, any>> {
      let found: Record<string, any> = {};
      await eventually(
        async () => {
          found = await app.webhook(webhookId);
          return done(found);
        },
        20_000,
        what,
      );
      return found;
    }

    /** An endpoint failed all its attempts and was disabled by the service. */
    async function disabledEndpoint(): Promise<{ receiver: WebhookReceiver; id: string; delivery: Delivery }> {
      const { receiver, id } = await endpoint(...fail500(ATTEMPTS));
      await publish();
      const delivery = await deliveryWhen(id, ended, 'the delivery to end');
      await webhookWhen(id, (w) => w.enabled === false, 'the webhook to be disabled');
      return { receiver, id, delivery };
    }

    const enable = (id: string) => app.http.patch(`${app.base}/webhooks/${id}`).set(app.auth).send({ enabled: true }).expect(200);
    const retry = (id: string, deliveryId: string) => app.http.post(`${app.base}/webhooks/${id}/deliveries/${deliveryId}/retry`).set(app.auth);

    it('500, 500, a timeout, then 200: retried on the schedule, every attempt in the log, succeeded', async () => {
      const { receiver, id } = await endpoint({ status: 500 }, { status: 500 }, { status: 200, delayMs: 1500 });
      const postId = await publish();

      const d = await deliveryWhen(id, ended, 'the delivery to end');
      expect(d).to.include({ webhookId: id, eventType: 'post.published', status: 'succeeded', attempts: 4, maxAttempts: 4, nextAttemptAt: null });
      expect(d.attemptLog.map((a: Delivery) => a.attempt)).to.deep.equal([1, 2, 3, 4]);
      expect(d.attemptLog.map((a: Delivery) => a.statusCode)).to.deep.equal([500, 500, null, 200]);
      expect(d.attemptLog[0].error).to.equal('the endpoint answered 500');
      expect(d.attemptLog[1].error).to.equal('the endpoint answered 500');
      expect(d.attemptLog[2].error).to.match(/no answer within 1000 ms/);
      expect(d.attemptLog[3].error).to.equal(null);
      for (const a of d.attemptLog) expect(a.responseMs, `attempt ${a.attempt}`).to.be.a('number').and.at.least(0);
      expect(d).to.include({ lastStatusCode: 200, lastError: null, lastResponseMs: d.attemptLog[3].responseMs });
      const times = d.attemptLog.map((a: Delivery) => Date.parse(a.at));
      for (let i = 1; i < times.length; i++) expect(times[i] - times[i - 1], `pause before attempt ${i + 1}`).to.be.at.least(1000);

      // The receiver saw each attempt: one event, the same webhook-id every time, each signature verified.
      expect(receiver.received).to.have.length(4);
      for (const r of receiver.received) {
        expect(r.verifiedWith, 'signature verifies with the secret').to.deep.equal([0]);
        expect(r.headers['webhook-id']).to.equal(d.eventId);
        expect(r.event!.id).to.equal(d.eventId);
      }
      expect(receiver.events[0]!.data.post.id).to.equal(postId);

      const hook = await app.webhook(id);
      expect(hook).to.include({ status: 'healthy', enabled: true });
      expect(hook.health).to.include({ consecutiveFailures: 0, disabledReason: null });
      expect(hook.health.lastSuccessAt).to.be.a('string');
    });

    it('an endpoint that fails every attempt: the delivery failed, the webhook disabled, later events not sent; enabling it brings it back', async () => {
      const { receiver, id, delivery } = await disabledEndpoint();
      expect(delivery).to.include({ status: 'failed', attempts: ATTEMPTS, nextAttemptAt: null, lastStatusCode: 500, lastError: 'the endpoint answered 500' });
      expect(delivery.attemptLog.map((a: Delivery) => a.statusCode)).to.deep.equal([500, 500, 500, 500]);

      const hook = await app.webhook(id);
      expect(hook).to.include({ status: 'disabled', enabled: false });
      expect(hook.health.consecutiveFailures).to.equal(ATTEMPTS);
      expect(hook.health.lastError).to.equal('the endpoint answered 500');
      expect(hook.health.disabledReason)
        .to.be.a('string')
        .and.match(/4 failed attempts/);
      expect((await app.http.get(`${app.base}/webhooks`).set(app.auth).expect(200)).body.data.find((w: Delivery) => w.id === id).status).to.equal('disabled');

      // A later event reaches the witness, not the disabled endpoint.
      const later = await publish();
      await eventually(() => witness.events.some((e) => e.data.post?.id === later), 20_000, 'the witness to receive the later event');
      expect(await app.deliveries(id), 'no delivery for the disabled webhook').to.have.length(1);
      expect(receiver.received).to.have.length(ATTEMPTS);

      const enabled = (await enable(id)).body;
      expect(enabled).to.include({ status: 'healthy', enabled: true });
      expect(enabled.health).to.include({ consecutiveFailures: 0, disabledReason: null });

      const next = await publish();
      await eventually(() => receiver.events.some((e) => e.data.post?.id === next), 20_000, 'the re-enabled endpoint to receive a new event');
      const settled = await deliveryWhen(id, ended, 'the new delivery to end', receiver.events.at(-1)!.id);
      expect(settled).to.include({ status: 'succeeded', attempts: 1 });
      expect((await app.webhook(id)).status).to.equal('healthy');
    });

    it('a failed delivery retried by hand: 202, one more attempt with the same webhook-id, succeeded (after the webhook is enabled again)', async () => {
      const { receiver, id, delivery } = await disabledEndpoint();

      const refused = await retry(id, delivery.id).expect(409);
      expect(refused.body.error.code, 'a disabled webhook is not retried').to.equal('webhook_disabled');
      await enable(id);

      const accepted = await retry(id, delivery.id).expect(202);
      expect(accepted.body).to.include({ id: delivery.id, eventId: delivery.eventId, status: 'pending', attempts: ATTEMPTS, maxAttempts: ATTEMPTS + 1 });

      const d = await deliveryWhen(id, (x) => x.status === 'succeeded', 'the retried delivery to succeed');
      expect(d).to.include({ attempts: ATTEMPTS + 1, maxAttempts: ATTEMPTS + 1, lastStatusCode: 200, lastError: null, nextAttemptAt: null });
      expect(d.attemptLog.map((a: Delivery) => a.statusCode)).to.deep.equal([500, 500, 500, 500, 200]);
      expect(receiver.received).to.have.length(ATTEMPTS + 1);
      for (const r of receiver.received) {
        expect(r.verifiedWith).to.deep.equal([0]);
        expect(r.headers['webhook-id']).to.equal(delivery.eventId);
      }
      expect((await app.webhook(id)).status).to.equal('healthy');

      const again = await retry(id, delivery.id).expect(202);
      expect(again.body.maxAttempts, 'a succeeded delivery may be sent again too').to.equal(ATTEMPTS + 2);
      await deliveryWhen(id, (x) => x.status === 'succeeded' && x.attempts === ATTEMPTS + 2, 'the second manual retry');
    });

    it('a retry of a delivery still pending: 409 delivery_pending; of an unknown one: 404', async () => {
      // A 503 asking for an hour: the delivery stays pending, its next attempt an hour away.
      const { id } = await endpoint({ status: 503, headers: { 'retry-after': '3600' } });
      await publish();
      const d = await deliveryWhen(id, (x) => x.attempts === 1, 'the first attempt');
      expect(d).to.include({ status: 'pending', lastStatusCode: 503, lastError: 'the endpoint answered 503' });
      const wait = Date.parse(d.nextAttemptAt) - Date.parse(d.attemptLog[0].at);
      expect(wait, 'Retry-After honoured over the 1 s schedule').to.be.at.least(3_600_000).and.below(3_660_000);

      const refused = await retry(id, d.id).expect(409);
      expect(refused.body.error.code).to.equal('delivery_pending');
      expect((await app.deliveries(id))[0]).to.include({ status: 'pending', attempts: 1, nextAttemptAt: d.nextAttemptAt });

      const unknown = await retry(id, 'no-such-delivery').expect(404);
      expect(unknown.body.error.code).to.equal('delivery_not_found');
    });

    it('POST …/test: 202, and the receiver gets a verified webhook.test event for this webhook alone', async () => {
      const { receiver, id } = await endpoint();
      const queued = await app.http.post(`${app.base}/webhooks/${id}/test`).set(app.auth).expect(202);
      expect(queued.body).to.include({ webhookId: id, eventType: 'webhook.test', status: 'pending', attempts: 0 });

      await eventually(() => receiver.types().includes('webhook.test'), 20_000, 'the webhook.test event');
      const [received] = receiver.received;
      expect(received!.verifiedWith).to.deep.equal([0]);
      expect(received!.headers['webhook-id']).to.equal(queued.body.eventId);
      expect(received!.headers['user-agent']).to.equal('Dispatch-Webhooks/1.0');
      const event = received!.event!;
      expect(event).to.include({ id: queued.body.eventId, type: 'webhook.test', workspaceId: app.workspaceId });
      expect(event.data.subscriptionId).to.equal(id);
      expect(event.data.message).to.be.a('string');

      const d = await deliveryWhen(id, ended, 'the test delivery to end', queued.body.eventId);
      expect(d).to.include({ id: queued.body.id, status: 'succeeded', attempts: 1 });
      expect(
        (await app.deliveries(witnessId)).some((x) => x.eventType === 'webhook.test'),
        'another webhook gets no test event',
      ).to.equal(false);
    });

    it('POST …/test on a webhook its owner switched off: 409 webhook_disabled, and nothing is sent', async () => {
      const { receiver, id } = await endpoint();
      const off = await app.http.patch(`${app.base}/webhooks/${id}`).set(app.auth).send({ enabled: false }).expect(200);
      expect(off.body).to.include({ status: 'disabled', enabled: false });
      expect(off.body.health.disabledReason, 'switched off by its owner, not the service').to.equal(null);

      const refused = await app.http.post(`${app.base}/webhooks/${id}/test`).set(app.auth).expect(409);
      expect(refused.body.error.code).to.equal('webhook_disabled');
      expect(await app.deliveries(id)).to.have.length(0);
      expect(receiver.received).to.have.length(0);
    });
  });
}
