import { expect } from 'chai';
import { Webhook } from 'standardwebhooks';
import { httpEventPresenter } from '../../../../adapters/inbound/http/presenters/HttpEventPresenter';
import { MemoryWebhooks } from '../../../../adapters/outbound/persistence/memory/MemoryWebhooks';
import { StandardWebhookSigner } from '../../../../adapters/outbound/webhooks/StandardWebhookSigner';
import { type WebhookDelivery } from '../../../../application/ports/webhooks/WebhookDeliveries';
import { type WebhookAnswer, type WebhookRequest, type WebhookSender } from '../../../../application/ports/webhooks/WebhookSender';
import { HeldLeases } from '../../../../application/leases/HeldLeases';
import { DeliverWebhooks } from '../../../../application/webhooks/DeliverWebhooks';
import { EventOutbox } from '../../../../application/webhooks/EventOutbox';
import { type WebhookSettings } from '../../../../application/webhooks/WebhookSettings';
import { type WebhookEventType } from '../../../../domain/webhook/WebhookEventType';
import { WebhookSubscription } from '../../../../domain/webhook/WebhookSubscription';
import { DEFAULT_NOW, FixedClock } from '../../../support/fixedClock';
import { RecordingLogger } from '../../../support/recordingLogger';
import { SequentialIds } from '../../../support/sequentialIds';

/** Four attempts: the first, then after 5 s, 5 min and 30 min. */
const SETTINGS: WebhookSettings = {
  retryScheduleSeconds: [5, 300, 1800],
  timeoutMs: 1000,
  leaseMs: 32_000,
  batchSize: 20,
  secretOverlapMs: 86_400_000,
  maxRetryAfterSeconds: 3600,
  maxSubscriptions: 20,
  logRetentionMs: 30 * 86_400_000,
};
const WORKSPACE = 'ws_1';
const OWNER = 'worker-a';

const answered = (statusCode: number, retryAfterSeconds: number | null = null): WebhookAnswer => ({
  kind: 'answered',
  statusCode,
  retryAfterSeconds,
  responseMs: 12,
});
const noAnswer = (error = 'no answer within 1000 ms'): WebhookAnswer => ({ kind: 'unreachable', error, responseMs: 1000 });

/** The outbound port played from a script: each call takes the next answer (200 once it runs out) and is kept. */
class ScriptedSender implements WebhookSender {
  readonly requests: WebhookRequest[] = [];
  private readonly script: WebhookAnswer[] = [];

  answer(...answers: WebhookAnswer[]): void {
    this.script.push(...answers);
  }

  async send(request: WebhookRequest): Promise<WebhookAnswer> {
    this.requests.push(request);
    return this.script.shift() ?? answered(200);
  }
}

/** DeliverWebhooks on the in-memory store, a clock the test moves, a scripted endpoint and the real signer. */
class Harness {
  readonly clock: FixedClock;
  readonly webhooks = new MemoryWebhooks();
  readonly sender = new ScriptedSender();
  readonly signer = new StandardWebhookSigner();
  readonly logger = new RecordingLogger();
  readonly deliver: DeliverWebhooks;
  private readonly outbox: EventOutbox;
  private subscriptions = 0;

  constructor(start: Date | string = DEFAULT_NOW, settings: WebhookSettings = SETTINGS) {
    this.clock = new FixedClock(start);
    const leases = new HeldLeases(this.webhooks, this.clock, settings.leaseMs);
    this.deliver = new DeliverWebhooks(this.webhooks, this.webhooks, this.sender, this.signer, this.clock, settings, this.logger, leases);
    this.outbox = new EventOutbox(this.webhooks, httpEventPresenter, new SequentialIds('evt'), settings);
  }

  async subscribe(eventTypes: readonly WebhookEventType[] = ['post.published']): Promise<{ id: string; secret: string }> {
    this.subscriptions += 1;
    const secret = this.signer.newSecret();
    const id = `wh_${this.subscriptions}`;
    const url = `https://hooks.example.com/${id}`;
    await this.webhooks.add(WebhookSubscription.create({ id, workspaceId: WORKSPACE, url, eventTypes, secret, now: this.clock.now() }), 100);
    return { id, secret };
  }

  /** An event of `type` caused now, fanned out to the subscriptions that want it. */
  emit(type: WebhookEventType = 'post.published', data: Record<string, unknown> = { note: 'something happened' }): Promise<void> {
    return this.outbox.emit(WORKSPACE, [{ type, data: () => data }], this.clock.now());
  }

  /** A round of the worker at the clock's time: how many deliveries it attempted. */
  run(): Promise<number> {
    return this.deliver.run(OWNER);
  }

  async deliveries(subscriptionId: string): Promise<WebhookDelivery[]> {
    return (await this.webhooks.list(subscriptionId, { limit: 100, offset: 0 })).items;
  }

  async only(subscriptionId: string): Promise<WebhookDelivery> {
    const all = await this.deliveries(subscriptionId);
    expect(all, 'one delivery').to.have.length(1);
    return all[0]!;
  }

  async subscription(id: string): Promise<WebhookSubscription> {
    return (await this.webhooks.findById(id))!;
  }

  /** Sets the clock to `delivery`'s next attempt and runs a round. */
  async atNextAttempt(subscriptionId: string): Promise<number> {
    const next = (await this.only(subscriptionId)).nextAttemptAt;
    expect(next, 'a next attempt is due').to.not.equal(null);
    this.clock.set(next!);
    return this.run();
  }
}

const plus = (start: Date, seconds: number) => new Date(start.getTime() + seconds * 1000);

describe('DeliverWebhooks', () => {
  describe('retries on the schedule', () => {
    it('each failed attempt is retried at now + retryScheduleSeconds[i], not a moment earlier; the last one fails the delivery', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(500), answered(500), noAnswer(), answered(502));

      const t0 = h.clock.now();
      expect(await h.run()).to.equal(1);
      let d = await h.only(id);
      expect(d).to.include({ status: 'pending', attempts: 1, attemptLimit: 4 });
      expect(d.nextAttemptAt).to.deep.equal(plus(t0, 5));

      h.clock.set(plus(t0, 4));
      expect(await h.run(), 'not due a second before its time').to.equal(0);

      const expected = [5, 300, 1800];
      let now = t0;
      for (let i = 0; i < expected.length; i++) {
        now = plus(now, expected[i]!);
        h.clock.set(now);
        expect(await h.run(), `attempt ${i + 2}`).to.equal(1);
        d = await h.only(id);
        expect(d.attempts).to.equal(i + 2);
        if (i + 1 < expected.length) {
          expect(d.status).to.equal('pending');
          expect(d.nextAttemptAt, `after attempt ${i + 2}`).to.deep.equal(plus(now, expected[i + 1]!));
        }
      }
      expect(d).to.include({ status: 'failed', attempts: 4, nextAttemptAt: null });
      expect(d.attemptLog.map((a) => [a.attempt, a.statusCode, a.error])).to.deep.equal([
        [1, 500, 'the endpoint answered 500'],
        [2, 500, 'the endpoint answered 500'],
        [3, null, 'no answer within 1000 ms'],
        [4, 502, 'the endpoint answered 502'],
      ]);
      expect(d.attemptLog.map((a) => a.at)).to.deep.equal([t0, plus(t0, 5), plus(t0, 305), plus(t0, 2105)]);

      h.clock.set(plus(now, 86_400));
      expect(await h.run(), 'a failed delivery is never attempted again by itself').to.equal(0);
      expect(h.sender.requests).to.have.length(4);
    });
  });

  describe('Retry-After', () => {
    it('a 429 asking for longer than the schedule pushes the attempt back to its Retry-After', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(429, 600));
      await h.run();
      const d = await h.only(id);
      expect(d.status).to.equal('pending');
      expect(d.nextAttemptAt).to.deep.equal(plus(h.clock.now(), 600));
      expect(d.attemptLog[0]).to.include({ statusCode: 429, error: 'the endpoint answered 429' });

      h.clock.advanceSeconds(599);
      expect(await h.run(), 'the endpoint asked for ten minutes').to.equal(0);
      h.clock.advanceSeconds(1);
      expect(await h.run()).to.equal(1);
      expect((await h.only(id)).status).to.equal('succeeded');
    });

    it('a 503 asking for less than the schedule is retried on the schedule', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(503, 2));
      await h.run();
      expect((await h.only(id)).nextAttemptAt).to.deep.equal(plus(h.clock.now(), 5));
    });

    it('a Retry-After longer than maxRetryAfterSeconds is bounded by it', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(503, 7 * 86_400));
      await h.run();
      expect((await h.only(id)).nextAttemptAt).to.deep.equal(plus(h.clock.now(), 3600));
    });

    it('a later attempt: Retry-After is weighed against that attempt’s pause (here 300 s)', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(500), answered(429, 120), answered(429, 1200));
      await h.run();
      await h.atNextAttempt(id);
      const second = await h.only(id);
      expect(second.nextAttemptAt, '120 s asked, 300 s scheduled').to.deep.equal(plus(h.clock.now(), 300));
      await h.atNextAttempt(id);
      expect((await h.only(id)).nextAttemptAt, '1200 s asked, 1800 s scheduled').to.deep.equal(plus(h.clock.now(), 1800));
    });
  });

  describe('success and health', () => {
    it('a 2xx succeeds: delivery succeeded, no next attempt, and the endpoint healthy again', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(500), answered(204));
      await h.run();
      const failing = await h.subscription(id);
      expect(failing.status).to.equal('failing');
      expect(failing.health).to.include({ consecutiveFailures: 1, lastError: 'the endpoint answered 500' });

      await h.atNextAttempt(id);
      const d = await h.only(id);
      expect(d).to.include({ status: 'succeeded', attempts: 2, nextAttemptAt: null });
      expect(d.attemptLog[1]).to.include({ statusCode: 204, error: null, responseMs: 12 });
      const healthy = await h.subscription(id);
      expect(healthy.status).to.equal('healthy');
      expect(healthy.health.consecutiveFailures).to.equal(0);
      expect(healthy.health.lastSuccessAt).to.deep.equal(h.clock.now());
      expect(healthy.health.lastError, 'the last error is kept for the record').to.equal('the endpoint answered 500');
    });

    it('a redirect (3xx) is a failed attempt: redirects are not followed', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(302));
      await h.run();
      expect((await h.only(id)).attemptLog[0]).to.include({ statusCode: 302, error: 'the endpoint answered 302' });
      expect((await h.only(id)).status).to.equal('pending');
    });
  });

  describe('disabling an endpoint that keeps failing', () => {
    async function failWholeSchedule(h: Harness, id: string): Promise<void> {
      await h.run();
      for (let i = 0; i < 3; i++) await h.atNextAttempt(id);
    }

    it('after attemptLimit failed attempts in a row: the delivery failed, the subscription disabled with a reason', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(500), answered(500), answered(500), answered(500));
      await failWholeSchedule(h, id);

      const d = await h.only(id);
      expect(d.status).to.equal('failed');
      const s = await h.subscription(id);
      expect(s.enabled).to.equal(false);
      expect(s.status).to.equal('disabled');
      expect(s.health.consecutiveFailures).to.equal(4);
      expect(s.health.disabledReason)
        .to.be.a('string')
        .and.match(/4 failed attempts/);
      expect(s.health.disabledReason).to.include(d.eventId);
      expect(h.logger.count('a webhook endpoint failed for its whole retry schedule and was disabled')).to.equal(1);

      await h.emit();
      expect(await h.deliveries(id), 'a disabled subscription gets no new delivery').to.have.length(1);
    });

    it('a success of another delivery in between: the delivery fails, but the endpoint stays enabled', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(500), answered(500), answered(500));
      await h.run();
      await h.atNextAttempt(id);
      await h.atNextAttempt(id);
      expect((await h.subscription(id)).health.consecutiveFailures).to.equal(3);

      // Another event, delivered at once while the first waits for its last attempt.
      await h.emit();
      h.sender.answer(answered(200));
      expect(await h.run()).to.equal(1);
      const [second, first] = await h.deliveries(id);
      expect(second!.status).to.equal('succeeded');

      h.sender.answer(answered(500));
      h.clock.set(first!.nextAttemptAt!);
      await h.run();
      expect((await h.deliveries(id))[1]!.status).to.equal('failed');
      const s = await h.subscription(id);
      expect(s.enabled).to.equal(true);
      expect(s.status).to.equal('failing');
      expect(s.health).to.include({ consecutiveFailures: 1, disabledReason: null });
    });

    it('a success in between: still no disabling (docs/webhooks.md: "with no success in between")', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(500), answered(500), answered(500));
      await h.run();
      await h.atNextAttempt(id);
      await h.atNextAttempt(id);

      // Before the first delivery's last attempt, another event is delivered.
      await h.emit();
      h.sender.answer(answered(200));
      expect(await h.run()).to.equal(1);
      const first = (await h.deliveries(id)).find((d) => d.status === 'pending')!;
      expect(first.attempts).to.equal(3);

      h.sender.answer(answered(500));
      h.clock.set(first.nextAttemptAt!);
      await h.run();
      expect((await h.deliveries(id)).find((d) => d.id === first.id)!.status).to.equal('failed');
      const s = await h.subscription(id);
      expect(s.enabled, 'the endpoint answered 200 during the failed delivery’s schedule').to.equal(true);
      expect(s.health.disabledReason).to.equal(null);
    });

    it('switched back on: health afresh, and the deliveries still pending resume', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(500), answered(500), answered(500));
      await h.run();
      await h.atNextAttempt(id);
      await h.atNextAttempt(id);
      // A second event at the moment of the first one's last attempt: it comes after it, and is never sent.
      const first = await h.only(id);
      h.clock.set(first.nextAttemptAt!);
      await h.emit();
      h.sender.answer(answered(500));
      expect(await h.run(), 'only the first sent').to.equal(1);
      expect(h.sender.requests, 'only the first sent').to.have.length(4);
      const disabled = await h.subscription(id);
      expect(disabled.status).to.equal('disabled');
      const pending = (await h.deliveries(id)).find((d) => d.status === 'pending')!;
      expect(pending.attempts, 'the second event is pending, never tried').to.equal(0);

      const before = h.sender.requests.length;
      expect(await h.run(), 'nothing is claimed for a disabled endpoint').to.equal(0);
      expect(h.sender.requests).to.have.length(before);

      const s = await h.subscription(id);
      s.change({ enabled: true }, h.clock.now());
      await h.webhooks.save(s);
      expect((await h.subscription(id)).status).to.equal('healthy');
      h.sender.answer(answered(200));
      expect(await h.run()).to.equal(1);
      expect((await h.deliveries(id)).find((d) => d.id === pending.id)!.status).to.equal('succeeded');
    });
  });

  describe('an endpoint that fails rests, without holding back the others', () => {
    it('its other deliveries wait for the failed one’s retry, in their order; another endpoint’s are sent meanwhile', async () => {
      const h = new Harness();
      const failing = await h.subscribe();
      for (let i = 0; i < 3; i++) await h.emit();
      const healthy = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(503));
      expect(await h.run(), 'one to each endpoint: the failing one rests after its first').to.equal(2);
      const urls = h.sender.requests.map((r) => r.url);
      expect(
        urls.filter((u) => u.endsWith(failing.id)),
        'the failing endpoint tried once',
      ).to.have.length(1);
      expect(
        urls.filter((u) => u.endsWith(healthy.id)),
        'the other endpoint served',
      ).to.have.length(1);
      const waiting = await h.deliveries(failing.id);
      const retryAt = waiting.find((d) => d.attempts === 1)!.nextAttemptAt!;
      expect(retryAt).to.deep.equal(plus(h.clock.now(), 5));
      for (const d of waiting) expect(d.nextAttemptAt, 'every one waits for the retry').to.deep.equal(retryAt);
      expect(await h.run(), 'nothing of the resting endpoint is due').to.equal(0);

      h.clock.set(retryAt);
      const sentBefore = h.sender.requests.length;
      expect(await h.run()).to.equal(4);
      const resent = h.sender.requests.slice(sentBefore).map((r) => JSON.parse(r.body).id);
      const byAge = [...waiting].reverse().map((d) => d.eventId);
      expect(resent, 'oldest first').to.deep.equal(byAge);
      expect((await h.deliveries(failing.id)).every((d) => d.status === 'succeeded')).to.equal(true);
    });
  });

  describe('a slow endpoint gets a timeout’s worth of a round', () => {
    it('its turn ends once it has used the timeout; the rest of its batch is given back, due as before, and sent next round', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      for (let i = 0; i < 3; i++) await h.emit();
      const slow = async () => {
        h.clock.advanceSeconds(0.6); // each answer takes 600 ms of the 1000 ms timeout
        return answered(200);
      };
      const send = h.sender.send.bind(h.sender);
      h.sender.send = async (request) => {
        await send(request);
        return slow();
      };
      expect(await h.run(), 'two fit in the timeout').to.equal(2);
      const waiting = (await h.deliveries(id)).filter((d) => d.status === 'pending');
      expect(waiting, 'the third given back unsent').to.have.length(1);
      expect(waiting[0]!.attempts).to.equal(0);
      expect(await h.run(), 'its lease was given back: claimed at once').to.equal(1);
      expect((await h.deliveries(id)).every((d) => d.status === 'succeeded')).to.equal(true);
    });
  });

  describe('which deliveries are claimed', () => {
    it('a delivery of a removed subscription is not claimed, and nothing is sent', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      expect(await h.webhooks.remove(WORKSPACE, id)).to.equal(true);
      expect(await h.run()).to.equal(0);
      expect(h.sender.requests).to.have.length(0);
    });

    it('a delivery of a subscription its owner switched off is not claimed until it is switched on again', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      const other = await h.subscribe();
      await h.emit();
      const s = await h.subscription(id);
      s.change({ enabled: false }, h.clock.now());
      await h.webhooks.save(s);

      expect(await h.run(), 'only the other subscription’s delivery').to.equal(1);
      expect(h.sender.requests.map((r) => r.url)).to.deep.equal([`https://hooks.example.com/${other.id}`]);
      expect((await h.only(id)).status).to.equal('pending');

      const again = await h.subscription(id);
      again.change({ enabled: true }, h.clock.now());
      await h.webhooks.save(again);
      expect(await h.run()).to.equal(1);
      expect((await h.only(id)).status).to.equal('succeeded');
    });

    it('a claimed delivery is no other worker’s until its lease runs out', async () => {
      const h = new Harness();
      const { id } = await h.subscribe();
      await h.emit();
      const claimed = await h.webhooks.claimDue({ owner: 'worker-b', now: h.clock.now(), leaseMs: SETTINGS.leaseMs, limit: 10 });
      expect(claimed).to.have.length(1);
      expect(await h.run(), 'held by worker-b').to.equal(0);
      h.clock.advance(SETTINGS.leaseMs);
      expect(await h.run(), 'worker-b’s lease ran out').to.equal(1);
      expect((await h.only(id)).status).to.equal('succeeded');
    });
  });

  describe('what the endpoint receives', () => {
    const verify = (secret: string, request: WebhookRequest) => new Webhook(secret).verify(request.body, { ...request.headers }) as Record<string, unknown>;

    it('a POST signed the Standard Webhooks way: verifies with the subscription’s secret, webhook-id = the event id', async () => {
      const h = new Harness(new Date());
      const { id, secret } = await h.subscribe();
      await h.emit('post.published', { post: { id: 'post_1' } });
      await h.run();

      const [request] = h.sender.requests;
      expect(request!.url).to.equal(`https://hooks.example.com/${id}`);
      expect(request!.timeoutMs).to.equal(SETTINGS.timeoutMs);
      expect(request!.headers).to.include({ 'content-type': 'application/json', 'user-agent': 'Dispatch-Webhooks/1.0' });
      const event = verify(secret, request!);
      const d = await h.only(id);
      expect(event).to.include({ id: d.eventId, type: 'post.published', workspaceId: WORKSPACE });
      expect(event.data).to.deep.equal({ post: { id: 'post_1' } });
      expect(request!.headers['webhook-id']).to.equal(d.eventId);
      expect(request!.headers['webhook-timestamp']).to.equal(String(Math.floor(h.clock.now().getTime() / 1000)));
      expect(() => verify(h.signer.newSecret(), request!), 'another secret does not verify').to.throw();
    });

    it('every attempt of one event: the same webhook-id and body, each signed afresh at its own time', async () => {
      // Pauses short enough for every attempt's timestamp to stay within the library's five-minute tolerance.
      const h = new Harness(new Date(), { ...SETTINGS, retryScheduleSeconds: [5, 10, 20] });
      const { id, secret } = await h.subscribe();
      await h.emit();
      h.sender.answer(answered(500), noAnswer());
      await h.run();
      await h.atNextAttempt(id);
      await h.atNextAttempt(id);
      expect((await h.only(id)).status).to.equal('succeeded');

      const requests = h.sender.requests;
      expect(requests).to.have.length(3);
      expect(new Set(requests.map((r) => r.headers['webhook-id'])).size).to.equal(1);
      expect(new Set(requests.map((r) => r.body)).size).to.equal(1);
      expect(new Set(requests.map((r) => r.headers['webhook-timestamp'])).size, 'each attempt its own timestamp').to.equal(3);
      for (const r of requests) expect(verify(secret, r).id).to.equal(r.headers['webhook-id']);
    });

    it('after a rotation: signed with both secrets during the overlap, then with the new one only', async () => {
      const h = new Harness(new Date());
      const { id, secret: oldSecret } = await h.subscribe();
      const s = await h.subscription(id);
      const newSecret = h.signer.newSecret();
      s.rotateSecret(newSecret, h.clock.now(), 60_000);
      await h.webhooks.save(s);

      await h.emit();
      await h.run();
      const during = h.sender.requests[0]!;
      expect(during.headers['webhook-signature']!.split(' ')).to.have.length(2);
      expect(verify(oldSecret, during).type).to.equal('post.published');
      expect(verify(newSecret, during).type).to.equal('post.published');

      h.clock.advanceSeconds(61);
      await h.emit();
      await h.run();
      const afterwards = h.sender.requests[1]!;
      expect(afterwards.headers['webhook-signature']!.split(' ')).to.have.length(1);
      expect(verify(newSecret, afterwards).type).to.equal('post.published');
      expect(() => verify(oldSecret, afterwards), 'the old secret no longer signs').to.throw();
    });
  });
});
