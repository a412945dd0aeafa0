import { conflict, notFound } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type DeliveryStatus, type WebhookDeliveries, type WebhookDelivery } from '../ports/webhooks/WebhookDeliveries';
import { type WebhookSubscriptions } from '../ports/webhooks/WebhookSubscriptions';
import { type EventOutbox } from './EventOutbox';

/**
 * A subscription's delivery log (docs/webhooks.md): every delivery with its attempts, a
 * failed one sent again on request, and a `webhook.test` event to try the endpoint.
 */
export class WebhookDeliveryLog {
  constructor(
    private readonly subscriptions: WebhookSubscriptions,
    private readonly deliveries: WebhookDeliveries,
    private readonly outbox: EventOutbox,
    private readonly clock: Clock,
  ) {}

  async list(
    workspaceId: string,
    subscriptionId: string,
    page: { limit: number; offset: number; status?: DeliveryStatus },
  ): Promise<{ items: WebhookDelivery[]; total: number }> {
    await this.subscription(workspaceId, subscriptionId);
    return this.deliveries.list(subscriptionId, page);
  }

  /** One delivery of the subscription's log, as `list` gives it; another subscription's is not found. */
  async get(workspaceId: string, subscriptionId: string, deliveryId: string): Promise<WebhookDelivery> {
    await this.subscription(workspaceId, subscriptionId);
    const found = await this.deliveries.findDelivery(subscriptionId, deliveryId);
    if (found === null) throw notFound('Delivery');
    return found;
  }

  /** One more attempt, now; the delivery answers as it stands (`pending`). */
  async retry(workspaceId: string, subscriptionId: string, deliveryId: string): Promise<WebhookDelivery> {
    const subscription = await this.subscription(workspaceId, subscriptionId);
    if ((await this.deliveries.findDelivery(subscriptionId, deliveryId)) === null) throw notFound('Delivery');
    if (!subscription.enabled) throw conflict('webhook_disabled', 'the webhook is disabled: enable it (PATCH enabled: true) before retrying its deliveries');
    if (!(await this.deliveries.retry(subscriptionId, deliveryId, this.clock.now()))) {
      throw conflict('delivery_pending', 'the delivery is still pending: it will be attempted at its nextAttemptAt');
    }
    return (await this.deliveries.findDelivery(subscriptionId, deliveryId))!;
  }

  /** A `webhook.test` event for this subscription, delivered by the workers like any other. */
  async test(workspaceId: string, subscriptionId: string): Promise<WebhookDelivery> {
    const subscription = await this.subscription(workspaceId, subscriptionId);
    if (!subscription.enabled) throw conflict('webhook_disabled', 'the webhook is disabled: enable it (PATCH enabled: true) to send it a test event');
    const id = await this.outbox.emitTest(subscription, this.clock.now());
    return (await this.deliveries.findDelivery(subscriptionId, id))!;
  }

  private async subscription(workspaceId: string, id: string) {
    const found = await this.subscriptions.find(workspaceId, id);
    if (found === null) throw notFound('Webhook');
    return found;
  }
}
