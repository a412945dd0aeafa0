import { type ConnectionEvent } from '../../domain/connection/Connection';
import { type PostEvent } from '../../domain/post/PostEvent';

/** Every event an aggregate records. */
export type DomainEvent = PostEvent | ConnectionEvent;

/**
 * Where the events of a change go, called inside the unit of work that saves it: what a
 * subscriber writes commits with the change or not at all, so an event exists exactly when its
 * change was committed. The webhook outbox is one subscriber (application/webhooks/WebhookEvents).
 */
export interface EventSink {
  record(workspaceId: string, events: readonly DomainEvent[], now: Date): Promise<void>;
}
