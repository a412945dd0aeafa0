import { MarkNeedsReconnect } from '../../application/connections/MarkNeedsReconnect';
import { type Clock } from '../../application/ports/Clock';
import { EventOutbox } from '../../application/webhooks/EventOutbox';
import { WebhookEvents } from '../../application/webhooks/WebhookEvents';
import { httpEventPresenter } from '../../adapters/inbound/http/presenters/HttpEventPresenter';
import { MemoryUnitOfWork } from '../../adapters/outbound/persistence/memory/MemoryUnitOfWork';
import { MemoryWebhooks } from '../../adapters/outbound/persistence/memory/MemoryWebhooks';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { webhookConfig } from '../../config/webhookConfig';
import { SequentialIds } from './sequentialIds';

/** What a use case built by hand needs to mark a connection for reconnecting, its webhooks in memory. */
export function markNeedsReconnect(connections: ConnectionRepository, clock: Clock, webhooks = new MemoryWebhooks()): MarkNeedsReconnect {
  const outbox = new EventOutbox(webhooks, httpEventPresenter, new SequentialIds('evt'), webhookConfig({}));
  return new MarkNeedsReconnect(connections, new MemoryUnitOfWork(), new WebhookEvents(outbox, httpEventPresenter), clock);
}
