import {
  type AttemptRecord,
  type ClaimedDelivery,
  type DeliveryAttempt,
  type DeliveryStatus,
  type WebhookDeliveries,
  type WebhookDelivery,
} from '../../../../application/ports/webhooks/WebhookDeliveries';
import { type EventToDeliver, type Subscriber, type WebhookOutbox } from '../../../../application/ports/webhooks/WebhookOutbox';
import { type WebhookSubscriptions } from '../../../../application/ports/webhooks/WebhookSubscriptions';
import { WebhookSubscription } from '../../../../domain/webhook/WebhookSubscription';

interface StoredDelivery {
  delivery: Omit<WebhookDelivery, 'attemptLog'>;
  body: string;
  attemptLog: DeliveryAttempt[];
  lease: { owner: string; until: number } | null;
}

/**
 * Webhook subscriptions, the outbox and the delivery log in this process (the unit tests'
 * composition): one shared state behind the three ports, as the database's tables are.
 */
export class MemoryWebhooks implements WebhookSubscriptions, WebhookOutbox, WebhookDeliveries {
  private readonly subs = new Map<string, WebhookSubscription>();
  private readonly stored = new Map<string, StoredDelivery>();

  async add(subscription: WebhookSubscription, limit: number): Promise<boolean> {
    if ((await this.listByWorkspace(subscription.workspaceId)).length >= limit) return false;
    this.subs.set(subscription.id, WebhookSubscription.rehydrate(subscription.toSnapshot()));
    return true;
  }

  /** As the database's: only if nobody saved it since it was loaded; the workers' health figures kept. */
  async save(subscription: WebhookSubscription): Promise<boolean> {
    const stored = this.subs.get(subscription.id);
    const next = subscription.toSnapshot();
    if (stored === undefined || stored.toSnapshot().version !== next.version) return false;
    const reenabled = next.enabled && !stored.enabled;
    const health = { ...stored.health, ...(reenabled ? { consecutiveFailures: 0 } : {}), disabledReason: next.health.disabledReason };
    this.subs.set(subscription.id, WebhookSubscription.rehydrate({ ...next, health, version: next.version + 1 }));
    return true;
  }

  async find(workspaceId: string, id: string): Promise<WebhookSubscription | null> {
    const found = await this.findById(id);
    return found?.workspaceId === workspaceId ? found : null;
  }

  async findById(id: string): Promise<WebhookSubscription | null> {
    const found = this.subs.get(id);
    return found === undefined ? null : WebhookSubscription.rehydrate(found.toSnapshot());
  }

  async listByWorkspace(workspaceId: string): Promise<WebhookSubscription[]> {
    return [...this.subs.values()].filter((s) => s.workspaceId === workspaceId).map((s) => WebhookSubscription.rehydrate(s.toSnapshot()));
  }

  async recordAttempt(id: string, result: { ok: true; at: Date } | { ok: false; at: Date; error: string }): Promise<void> {
    const s = this.subs.get(id);
    if (s === undefined) return;
    if (result.ok) s.recordSuccess(result.at);
    else s.recordFailure(result.error, result.at);
  }

  async disableIfNoSuccessSince(id: string, since: Date, reason: string, now: Date): Promise<boolean> {
    const s = this.subs.get(id);
    const lastSuccess = s?.health.lastSuccessAt ?? null;
    if (s === undefined || !s.enabled || (lastSuccess !== null && lastSuccess >= since)) return false;
    s.disableAfterFailures(reason, now);
    this.subs.set(id, WebhookSubscription.rehydrate({ ...s.toSnapshot(), version: s.toSnapshot().version + 1 }));
    return true;
  }

  async remove(workspaceId: string, id: string): Promise<boolean> {
    if ((await this.find(workspaceId, id)) === null) return false;
    this.subs.delete(id);
    for (const [key, d] of this.stored) if (d.delivery.subscriptionId === id) this.stored.delete(key);
    return true;
  }

  async subscribers(workspaceId: string): Promise<Subscriber[]> {
    return [...this.subs.values()].filter((s) => s.workspaceId === workspaceId && s.enabled).map((s) => ({ id: s.id, eventTypes: s.toSnapshot().eventTypes }));
  }

  /** Nothing to read ahead: every lookup here is in memory. */
  async anticipate(): Promise<void> {}

  async write(workspaceId: string, events: readonly EventToDeliver[], attemptLimit: number, now: Date): Promise<void> {
    for (const event of events) {
      for (const { id, subscriptionId } of event.deliveries) {
        const delivery = { id, subscriptionId, workspaceId, eventId: event.id, eventType: event.type, status: 'pending' as const };
        const times = { attempts: 0, attemptLimit, nextAttemptAt: now, createdAt: now, updatedAt: now };
        this.stored.set(id, { delivery: { ...delivery, ...times }, body: event.body, attemptLog: [], lease: null });
      }
    }
  }

  async claimDue(request: { owner: string; now: Date; leaseMs: number; limit: number }): Promise<ClaimedDelivery[]> {
    const now = request.now.getTime();
    const due = [...this.stored.values()]
      .filter((d) => d.delivery.status === 'pending' && d.delivery.nextAttemptAt!.getTime() <= now && (d.lease === null || d.lease.until <= now))
      .filter((d) => this.subs.get(d.delivery.subscriptionId)?.enabled === true)
      .sort((a, b) => a.delivery.nextAttemptAt!.getTime() - b.delivery.nextAttemptAt!.getTime() || (a.delivery.id < b.delivery.id ? -1 : 1))
      .slice(0, request.limit);
    return due.map((d) => {
      d.lease = { owner: request.owner, until: now + request.leaseMs };
      const { id, subscriptionId, eventId, eventType, attempts, attemptLimit, createdAt } = d.delivery;
      return { id, subscriptionId, eventId, eventType, attempts, attemptLimit, createdAt, body: d.body, leaseOwner: request.owner };
    });
  }

  async holdEndpoint(subscriptionId: string, owner: string, until: Date, now: Date): Promise<void> {
    for (const d of this.stored.values()) {
      const free = d.lease === null || d.lease.owner === owner || d.lease.until <= now.getTime();
      if (d.delivery.subscriptionId !== subscriptionId || d.delivery.status !== 'pending' || d.delivery.nextAttemptAt! >= until || !free) continue;
      d.delivery = { ...d.delivery, nextAttemptAt: until };
      d.lease = null;
    }
  }

  async renew(deliveryIds: readonly string[], owner: string, until: Date): Promise<string[]> {
    return deliveryIds.filter((id) => {
      const d = this.stored.get(id);
      if (d?.lease?.owner !== owner || d.delivery.status !== 'pending') return false;
      d.lease = { owner, until: until.getTime() };
      return true;
    });
  }

  async release(deliveryIds: readonly string[], owner: string): Promise<void> {
    for (const id of deliveryIds) {
      const d = this.stored.get(id);
      if (d?.lease?.owner === owner) d.lease = null;
    }
  }

  async record(deliveryId: string, owner: string, record: AttemptRecord, now: Date): Promise<boolean> {
    const d = this.stored.get(deliveryId);
    if (d === undefined || d.lease?.owner !== owner || d.delivery.status !== 'pending') return false;
    d.attemptLog.push(record.attempt);
    const next = record.next.status === 'pending' ? record.next.at : null;
    d.delivery = { ...d.delivery, status: record.next.status, attempts: record.attempt.attempt, nextAttemptAt: next, updatedAt: now };
    d.lease = null;
    return true;
  }

  async list(subscriptionId: string, page: { limit: number; offset: number; status?: DeliveryStatus }): Promise<{ items: WebhookDelivery[]; total: number }> {
    const all = [...this.stored.values()]
      .filter((d) => d.delivery.subscriptionId === subscriptionId && (page.status === undefined || d.delivery.status === page.status))
      .sort((a, b) => (a.delivery.id < b.delivery.id ? 1 : -1));
    return { items: all.slice(page.offset, page.offset + page.limit).map(view), total: all.length };
  }

  async findDelivery(subscriptionId: string, deliveryId: string): Promise<WebhookDelivery | null> {
    const d = this.storedOf(subscriptionId, deliveryId);
    return d === null ? null : view(d);
  }

  private storedOf(subscriptionId: string, deliveryId: string): StoredDelivery | null {
    const d = this.stored.get(deliveryId);
    return d?.delivery.subscriptionId === subscriptionId ? d : null;
  }

  async prune(before: Date, limit: number): Promise<number> {
    const ended = [...this.stored.values()].filter((d) => d.delivery.status !== 'pending' && d.delivery.updatedAt < before).slice(0, limit);
    for (const d of ended) this.stored.delete(d.delivery.id);
    return ended.length;
  }

  async retry(subscriptionId: string, deliveryId: string, now: Date): Promise<boolean> {
    const d = this.storedOf(subscriptionId, deliveryId);
    if (d === null || d.delivery.status === 'pending') return false;
    d.delivery = { ...d.delivery, status: 'pending', attemptLimit: d.delivery.attempts + 1, nextAttemptAt: now, updatedAt: now };
    return true;
  }
}

const view = (d: StoredDelivery): WebhookDelivery => ({ ...d.delivery, attemptLog: [...d.attemptLog] });
