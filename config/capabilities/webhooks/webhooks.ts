import { GuardedWebhookSender } from '../../../adapters/outbound/webhooks/GuardedWebhookSender';
import { StandardWebhookSigner } from '../../../adapters/outbound/webhooks/StandardWebhookSigner';
import { ResolvedAddressPolicy } from '../../../adapters/outbound/http/ResolvedAddressPolicy';
import { SecretBox } from '../../../adapters/outbound/keys/SecretBox';
import { MemoryWebhooks } from '../../../adapters/outbound/persistence/memory/MemoryWebhooks';
import { TypeOrmWebhookDeliveries } from '../../../adapters/outbound/persistence/typeorm/webhooks/TypeOrmWebhookDeliveries';
import { TypeOrmWebhookOutbox } from '../../../adapters/outbound/persistence/typeorm/webhooks/TypeOrmWebhookOutbox';
import { TypeOrmWebhookSubscriptions } from '../../../adapters/outbound/persistence/typeorm/webhooks/TypeOrmWebhookSubscriptions';
import { httpEventPresenter } from '../../../adapters/inbound/http/presenters/HttpEventPresenter';
import { HeldLeases } from '../../../application/leases/HeldLeases';
import { DeliverWebhooks } from '../../../application/webhooks/DeliverWebhooks';
import { EventOutbox } from '../../../application/webhooks/EventOutbox';
import { ManageWebhooks } from '../../../application/webhooks/ManageWebhooks';
import { WebhookEvents } from '../../../application/webhooks/WebhookEvents';
import { PruneWebhookLog } from '../../../application/webhooks/PruneWebhookLog';
import { WebhookDeliveryLog } from '../../../application/webhooks/WebhookDeliveryLog';
import { resolveSecretKey } from '../../secretKey';
import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { WEBHOOK_OPERATIONS } from '../../../adapters/inbound/http/operations/webhookOperations';
import { type Capability, type CapabilityContext } from '../Capability';
import { type WebhookSettings } from '../../../application/webhooks/WebhookSettings';
import { type WebhookSubscriptions } from '../../../application/ports/webhooks/WebhookSubscriptions';
import { type WebhookDeliveries } from '../../../application/ports/webhooks/WebhookDeliveries';
import { type WebhookOutbox } from '../../../application/ports/webhooks/WebhookOutbox';
import { type EventPresenter } from '../../../application/ports/webhooks/EventPresenter';
import { type WebhookSender, type WebhookSigner } from '../../../application/ports/webhooks/WebhookSender';
import { type AddressPolicy } from '../../../application/ports/AddressPolicy';
import { CORE_TOKENS } from '../../coreTokens';
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

const T = { ...CORE_TOKENS, ...WEBHOOK_TOKENS };

/**
 * Outgoing webhooks (docs/webhooks.md): subscriptions and the outbox in the database (or
 * memory), events rendered by the API's presenters, signed the Standard Webhooks way and sent
 * through the outbound-address guard.
 */
function bindWebhooks({ wiring: w, config, stores }: CapabilityContext): void {
  const settings = config.webhooks;
  // In memory, one store is the subscriptions, the deliveries and the outbox.
  const memory: MemoryWebhooks | null = stores.pick({ database: () => null, memory: () => new MemoryWebhooks() });
  w.value(T.WebhookSettings, settings);
  w.value(
    T.WebhookSubscriptions,
    stores.pick({ database: (ds) => new TypeOrmWebhookSubscriptions(ds, new SecretBox(resolveSecretKey(config.secrets))), memory: () => memory! }),
  );
  w.value(T.WebhookDeliveries, stores.pick({ database: (ds) => new TypeOrmWebhookDeliveries(ds), memory: () => memory! }));
  w.value(T.WebhookOutbox, stores.pick({ database: (ds) => new TypeOrmWebhookOutbox(ds), memory: () => memory! }));
  w.value(T.EventPresenter, httpEventPresenter);
  w.value(T.WebhookSigner, new StandardWebhookSigner());
  w.build(T.WebhookSender, [T.OutboundAddressGuard], (guard) => new GuardedWebhookSender(guard));
  w.build(T.WebhookAddressPolicy, [T.OutboundAddressGuard], (guard) => new ResolvedAddressPolicy(guard.policy));
  w.construct(T.EventOutbox, EventOutbox, [T.WebhookOutbox, T.EventPresenter, T.IdGenerator, T.WebhookSettings]);
  w.construct(T.EventSink, WebhookEvents, [T.EventOutbox, T.EventPresenter]);
  w.construct(T.ManageWebhooks, ManageWebhooks, [T.WebhookSubscriptions, T.WebhookAddressPolicy, T.WebhookSigner, T.IdGenerator, T.Clock, T.WebhookSettings]);
  w.construct(T.WebhookDeliveryLog, WebhookDeliveryLog, [T.WebhookSubscriptions, T.WebhookDeliveries, T.EventOutbox, T.Clock]);
  w.construct(T.PruneWebhookLog, PruneWebhookLog, [T.WebhookDeliveries, T.Clock, T.WebhookSettings]);
  w.build(T.DeliveryLeases, [T.WebhookDeliveries, T.Clock, T.WebhookSettings], (deliveries, clock, s) => new HeldLeases(deliveries, clock, s.leaseMs));
  w.construct(T.DeliverWebhooks, DeliverWebhooks, [
    T.WebhookDeliveries,
    T.WebhookSubscriptions,
    T.WebhookSender,
    T.WebhookSigner,
    T.Clock,
    T.WebhookSettings,
    T.Logger,
    T.DeliveryLeases,
  ]);
}

export const WEBHOOKS: Capability = {
  name: 'webhooks',
  bind: bindWebhooks,
  routes: (get) => ({ api: [apiRouter(WEBHOOK_OPERATIONS, { webhooks: get(T.ManageWebhooks), log: get(T.WebhookDeliveryLog) })] }),
};
