import { type HeldLeases } from '../leases/HeldLeases';
import { type Clock } from '../ports/Clock';
import { type Logger } from '../ports/Logger';
import { type AttemptRecord, type ClaimedDelivery, type WebhookDeliveries } from '../ports/webhooks/WebhookDeliveries';
import { type WebhookAnswer, type WebhookSender, type WebhookSigner } from '../ports/webhooks/WebhookSender';
import { type WebhookSubscriptions } from '../ports/webhooks/WebhookSubscriptions';
import { type WebhookSettings } from './WebhookSettings';

const USER_AGENT = 'Dispatch-Webhooks/1.0';

/**
 * What a worker does with due deliveries (docs/webhooks.md): claims a batch (leased, so no
 * other worker sends them meanwhile), signs each with its subscription's current secrets and
 * sends them side by side; a 2xx within the timeout is a success, anything else is retried on
 * the schedule (later if the endpoint's `Retry-After` asks) until the attempts run out. An
 * endpoint that failed every attempt of a delivery's whole schedule is switched off.
 */
export class DeliverWebhooks {
  constructor(
    private readonly deliveries: WebhookDeliveries,
    private readonly subscriptions: WebhookSubscriptions,
    private readonly sender: WebhookSender,
    private readonly signer: WebhookSigner,
    private readonly clock: Clock,
    private readonly settings: WebhookSettings,
    private readonly logger: Logger,
    private readonly leases: HeldLeases,
  ) {}

  /**
   * One round: the deliveries due now; how many were sent (some claimed may be given back). Each endpoint gets its
   * deliveries one after the other, oldest first (so one worker's events arrive in order),
   * different endpoints side by side. An endpoint's turn ends early, its other deliveries
   * given back, once it has used a timeout's worth of time; and when an attempt fails, its
   * other pending deliveries wait for that attempt's retry (one failing endpoint costs a
   * round one timeout, and never holds back the others' deliveries).
   */
  async run(owner: string): Promise<number> {
    const { leaseMs, batchSize: limit } = this.settings;
    const claimed = await this.deliveries.claimDue({ owner, now: this.clock.now(), leaseMs, limit });
    // Renewed by the worker's heartbeat while each waits for its turn or its answer (HeldLeases).
    this.leases.hold(owner, claimed.map(idOf));
    try {
      const byEndpoint = new Map<string, ClaimedDelivery[]>();
      for (const delivery of claimed) byEndpoint.set(delivery.subscriptionId, [...(byEndpoint.get(delivery.subscriptionId) ?? []), delivery]);
      const sent = await Promise.all([...byEndpoint.entries()].map(([endpoint, queue]) => this.turn(endpoint, queue, owner)));
      return sent.reduce((a, b) => a + b, 0);
    } finally {
      for (const delivery of claimed) this.leases.letGo(owner, delivery.id);
    }
  }

  /** One endpoint's deliveries of the round, in order; how many were sent. */
  private async turn(endpoint: string, queue: readonly ClaimedDelivery[], owner: string): Promise<number> {
    const started = this.clock.now().getTime();
    let sent = 0;
    for (const [index, delivery] of queue.entries()) {
      const outcome = await this.deliver(delivery);
      if (outcome !== 'not_sent') sent += 1;
      const rest = queue.slice(index + 1).map((d) => d.id);
      const failed = typeof outcome === 'object';
      if (!failed && this.clock.now().getTime() - started < this.settings.timeoutMs) continue;
      // The turn ends: what it holds still is given back, and renewed no more.
      for (const id of rest) this.leases.letGo(owner, id);
      // Failed: this endpoint rests until that retry, its other waiting deliveries with it.
      if (failed && outcome.retryAt !== null) await this.deliveries.holdEndpoint(endpoint, owner, outcome.retryAt, this.clock.now());
      else await this.deliveries.release(rest, owner);
      return sent;
    }
    return sent;
  }

  /**
   * What became of one delivery: not sent at all, a success, sent but settled by another
   * worker meanwhile (its lease ran out), or a failure tried again at `retryAt` (null: never).
   */
  private async deliver(delivery: ClaimedDelivery): Promise<'not_sent' | 'succeeded' | 'lease_lost' | { readonly retryAt: Date | null }> {
    const subscription = await this.subscriptions.findById(delivery.subscriptionId);
    // Removed (its deliveries went with it) or switched off since the claim: nothing is sent,
    // and the lease runs out; a disabled subscription's deliveries are claimed again once it is on.
    if (subscription === null || !subscription.enabled) {
      this.leases.letGo(delivery.leaseOwner, delivery.id);
      return 'not_sent';
    }
    const startedAt = this.clock.now();
    const answer: WebhookAnswer = await this.sender.send({
      url: subscription.url,
      headers: {
        ...this.signer.headers(subscription.signingSecrets(startedAt), delivery.eventId, startedAt, delivery.body),
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
      },
      body: delivery.body,
      timeoutMs: this.settings.timeoutMs,
    });
    const ok = answer.kind === 'answered' && answer.statusCode >= 200 && answer.statusCode < 300;
    const error = ok ? null : answer.kind === 'answered' ? `the endpoint answered ${answer.statusCode}` : answer.error;
    const attempt = delivery.attempts + 1;
    const now = this.clock.now();
    const record: AttemptRecord = {
      attempt: { attempt, at: startedAt, statusCode: answer.kind === 'answered' ? answer.statusCode : null, responseMs: answer.responseMs, error },
      next: ok
        ? { status: 'succeeded' }
        : attempt >= delivery.attemptLimit
          ? { status: 'failed' }
          : { status: 'pending', at: this.retryAt(attempt, answer, now) },
    };
    const recorded = await this.deliveries.record(delivery.id, delivery.leaseOwner, record, now);
    // Its lease ended with the record (or was another's already): renewed no more.
    this.leases.letGo(delivery.leaseOwner, delivery.id);
    if (!recorded) {
      this.logger.warn('a webhook delivery was settled by another worker meanwhile', { deliveryId: delivery.id });
      return 'lease_lost';
    }
    await this.subscriptions.recordAttempt(subscription.id, error === null ? { ok: true, at: now } : { ok: false, at: now, error });
    if (record.next.status === 'failed') await this.disableIfSustained(subscription.id, delivery, now);
    return record.next.status === 'succeeded' ? 'succeeded' : { retryAt: record.next.status === 'pending' ? record.next.at : null };
  }

  /** The schedule's pause for this attempt, or the endpoint's Retry-After when it asks for longer (within bounds). */
  private retryAt(attempt: number, answer: WebhookAnswer, now: Date): Date {
    const schedule = this.settings.retryScheduleSeconds;
    const scheduled = schedule[Math.min(attempt, schedule.length) - 1] ?? 0;
    const asked = answer.kind === 'answered' && answer.retryAfterSeconds !== null ? Math.min(answer.retryAfterSeconds, this.settings.maxRetryAfterSeconds) : 0;
    return new Date(now.getTime() + Math.max(scheduled, asked) * 1000);
  }

  /** Every attempt of this delivery failed, and no attempt to the endpoint succeeded meanwhile: it is switched off. */
  private async disableIfSustained(subscriptionId: string, delivery: ClaimedDelivery, now: Date): Promise<void> {
    const reason = `disabled after ${delivery.attemptLimit} failed attempts of event ${delivery.eventId} over its whole retry schedule, with no successful delivery since ${delivery.createdAt.toISOString()}`;
    if (await this.subscriptions.disableIfNoSuccessSince(subscriptionId, delivery.createdAt, reason, now)) {
      this.logger.warn('a webhook endpoint failed for its whole retry schedule and was disabled', { subscriptionId });
    }
  }
}

const idOf = (delivery: ClaimedDelivery): string => delivery.id;
