import { type WebhookSettings } from '../../../application/webhooks/WebhookSettings';
import { type WebhookSubscriptions } from '../../../application/ports/webhooks/WebhookSubscriptions';
import { type WebhookDeliveries } from '../../../application/ports/webhooks/WebhookDeliveries';
import { type WebhookOutbox } from '../../../application/ports/webhooks/WebhookOutbox';
import { type EventPresenter } from '../../../application/ports/webhooks/EventPresenter';
import { type WebhookSender, type WebhookSigner } from '../../../application/ports/webhooks/WebhookSender';
import { type EventOutbox } from '../../../application/webhooks/EventOutbox';
import { type ManageWebhooks } from '../../../application/webhooks/ManageWebhooks';
import { type WebhookDeliveryLog } from '../../../application/webhooks/WebhookDeliveryLog';
import { type DeliverWebhooks } from '../../../application/webhooks/DeliverWebhooks';
import { type PruneWebhookLog } from '../../../application/webhooks/PruneWebhookLog';
import { type AddressPolicy } from '../../../application/ports/AddressPolicy';
import { type HeldLeases } from '../../../application/leases/HeldLeases';
import { token } from '../../Wiring';

/** The webhooks capability's settings, stores, senders, use cases and workers. */
export const WEBHOOK_TOKENS = {
  /** Outgoing webhooks (docs/webhooks.md): subscriptions, the outbox, deliveries and their workers. */
  WebhookSettings: token<WebhookSettings>('WebhookSettings'),
  WebhookSubscriptions: token<WebhookSubscriptions>('WebhookSubscriptions'),
  WebhookDeliveries: token<WebhookDeliveries>('WebhookDeliveries'),
  WebhookOutbox: token<WebhookOutbox>('WebhookOutbox'),
  EventPresenter: token<EventPresenter>('EventPresenter'),
  WebhookSigner: token<WebhookSigner>('WebhookSigner'),
  WebhookSender: token<WebhookSender>('WebhookSender'),
  /** Whether a webhook's URL may be stored: its host resolves to public addresses only (unless allowed). */
  WebhookAddressPolicy: token<AddressPolicy>('WebhookAddressPolicy'),
  EventOutbox: token<EventOutbox>('EventOutbox'),
  ManageWebhooks: token<ManageWebhooks>('ManageWebhooks'),
  WebhookDeliveryLog: token<WebhookDeliveryLog>('WebhookDeliveryLog'),
  DeliverWebhooks: token<DeliverWebhooks>('DeliverWebhooks'),
  /** The deliveries this process's rounds hold, renewed by the worker's heartbeat. */
  DeliveryLeases: token<HeldLeases>('DeliveryLeases'),
  PruneWebhookLog: token<PruneWebhookLog>('PruneWebhookLog'),
};
