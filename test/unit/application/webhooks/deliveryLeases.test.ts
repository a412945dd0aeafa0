import { expect } from 'chai';
import { httpEventPresenter } from '../../../../adapters/inbound/http/presenters/HttpEventPresenter';
import { MemoryWebhooks } from '../../../../adapters/outbound/persistence/memory/MemoryWebhooks';
import { StandardWebhookSigner } from '../../../../adapters/outbound/webhooks/StandardWebhookSigner';
import { HeldLeases } from '../../../../application/leases/HeldLeases';
import { type WebhookAnswer, type WebhookRequest, type WebhookSender } from '../../../../application/ports/webhooks/WebhookSender';
import { DeliverWebhooks } from '../../../../application/webhooks/DeliverWebhooks';
import { EventOutbox } from '../../../../application/webhooks/EventOutbox';
import { type WebhookSettings } from '../../../../application/webhooks/WebhookSettings';
import { WebhookSubscription } from '../../../../domain/webhook/WebhookSubscription';
import { FixedClock } from '../../../support/fixedClock';
import { RecordingLogger } from '../../../support/recordingLogger';
import { SequentialIds } from '../../../support/sequentialIds';

const SETTINGS: WebhookSettings = {
  retryScheduleSeconds: [5, 300],
  timeoutMs: 10_000,
  leaseMs: 30_000,
  batchSize: 20,
  secretOverlapMs: 86_400_000,
  maxRetryAfterSeconds: 3600,
  maxSubscriptions: 20,
  logRetentionMs: 30 * 86_400_000,
};
const ok: WebhookAnswer = { kind: 'answered', statusCode: 200, retryAfterSeconds: null, responseMs: 5 };
const failing: WebhookAnswer = { kind: 'answered', statusCode: 500, retryAfterSeconds: null, responseMs: 5 };

/** Endpoints whose calls wait until the test answers them. */
class HeldSender implements WebhookSender {
  readonly requests: WebhookRequest[] = [];
  private readonly waiting: Array<{ readonly url: string; readonly resolve: (answer: WebhookAnswer) => void }> = [];

  send(request: WebhookRequest): Promise<WebhookAnswer> {
    this.requests.push(request);
    return new Promise((resolve) => this.waiting.push({ url: request.url, resolve }));
  }

  /** Answers a call to `endpoint` (the oldest waiting, or the newest), once one waits. */
  async answer(endpoint: string, answer: WebhookAnswer, newest = false): Promise<void> {
    for (;;) {
      const calls = this.waiting.map((w, i) => ({ w, i })).filter(({ w }) => w.url.endsWith(`/${endpoint}`));
      const call = newest ? calls.at(-1) : calls[0];
      if (call !== undefined) {
        this.waiting.splice(call.i, 1);
        call.w.resolve(answer);
        return;
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}

/**
 * Deliveries held under short leases that the worker's heartbeat renews (docs/decisions.md,
 * "The publishing worker"): the renewal (what LeaseHeartbeat calls every third of the lease)
 * stepped by hand against the clock, on the in-memory store.
 */
describe('DeliverWebhooks: leases renewed while a round holds its deliveries', () => {
  const clock = new FixedClock();
  let webhooks: MemoryWebhooks;
  let sender: HeldSender;
  let leases: HeldLeases;
  let deliver: DeliverWebhooks;
  let outbox: EventOutbox;

  beforeEach(() => {
    webhooks = new MemoryWebhooks();
    sender = new HeldSender();
    leases = new HeldLeases(webhooks, clock, SETTINGS.leaseMs);
    const signer = new StandardWebhookSigner();
    deliver = new DeliverWebhooks(webhooks, webhooks, sender, signer, clock, SETTINGS, new RecordingLogger(), leases);
    outbox = new EventOutbox(webhooks, httpEventPresenter, new SequentialIds('evt'), SETTINGS);
  });

  const subscribe = async (id: string) => {
    const subscription = WebhookSubscription.create({
      id,
      workspaceId: 'ws_1',
      url: `https://hooks.example.com/${id}`,
      eventTypes: ['post.published'],
      secret: new StandardWebhookSigner().newSecret(),
      now: clock.now(),
    });
    await webhooks.add(subscription, 100);
    return subscription;
  };
  const statuses = async (subscriptionId: string) => (await webhooks.list(subscriptionId, { limit: 10, offset: 0 })).items.map((d) => d.status);

  it('a slow endpoint, longer than the lease: the renewed deliveries are no other worker’s, and each is sent once', async () => {
    const endpoint = await subscribe('wh_1');
    for (let i = 0; i < 2; i++) await outbox.emitTest(endpoint, clock.now());
    const round = deliver.run('worker-a');
    await until(() => sender.requests.length === 1);
    expect(leases.heldBy('worker-a'), 'the one sent and the one waiting its turn').to.have.length(2);
    for (let beat = 0; beat < 6; beat++) {
      clock.advance(SETTINGS.leaseMs / 3);
      expect(await leases.renew('worker-a'), `beat ${beat + 1}`).to.deep.equal({ renewed: 2, lost: [] });
    }
    expect(await deliver.run('worker-b'), 'two leases later, still held').to.equal(0);
    await sender.answer('wh_1', ok);
    expect(await round, 'its turn used its time: the second given back').to.equal(1);
    expect(leases.heldBy('worker-a')).to.deep.equal([]);
    const next = deliver.run('worker-b');
    await sender.answer('wh_1', ok);
    expect(await next).to.equal(1);
    expect(sender.requests).to.have.length(2);
    expect(await statuses(endpoint.id)).to.deep.equal(['succeeded', 'succeeded']);
  });

  it('a worker that stalled past its lease: another sends the delivery, the stalled one’s record is refused and its beat finds it lost', async () => {
    const endpoint = await subscribe('wh_1');
    const id = await outbox.emitTest(endpoint, clock.now());
    const round = deliver.run('worker-a');
    await until(() => sender.requests.length === 1);
    clock.advance(SETTINGS.leaseMs); // no beat meanwhile: its event loop was stalled
    const other = deliver.run('worker-b');
    await until(() => sender.requests.length === 2);
    await sender.answer('wh_1', ok, true);
    expect(await other).to.equal(1);
    expect(await leases.renew('worker-a')).to.deep.equal({ renewed: 0, lost: [id] });
    await sender.answer('wh_1', ok);
    expect(await round, 'sent, but its record refused').to.equal(1);
    const [delivery] = (await webhooks.list(endpoint.id, { limit: 10, offset: 0 })).items;
    expect([delivery!.status, delivery!.attemptLog.length]).to.deep.equal(['succeeded', 1]);
  });

  it('deliveries a turn gives back are renewed no more, while another endpoint’s calls go on', async () => {
    const down = await subscribe('wh_1');
    const slow = await subscribe('wh_2');
    for (let i = 0; i < 2; i++) await outbox.emit('ws_1', [{ type: 'post.published', data: () => ({}) }], clock.now());
    const round = deliver.run('worker-a');
    await sender.answer('wh_1', failing);
    // The failing endpoint rests, its second delivery given back; wh_2's first call is under way, its second waits.
    await until(async () => (await webhooks.list(down.id, { limit: 10, offset: 0 })).items.some((d) => d.attempts === 1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(leases.heldBy('worker-a')).to.have.length(2);
    expect(await leases.renew('worker-a'), 'nothing reported lost').to.deep.equal({ renewed: 2, lost: [] });
    await sender.answer('wh_2', ok);
    await sender.answer('wh_2', ok);
    expect(await round).to.equal(3);
    expect(leases.heldBy('worker-a')).to.deep.equal([]);
    expect(await statuses(slow.id)).to.deep.equal(['succeeded', 'succeeded']);
    expect(await statuses(down.id)).to.deep.equal(['pending', 'pending']);
  });
});

async function until(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setImmediate(resolve));
}
