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
  /**
   * The workspaces whose changes the current unit of work may hand over (a round of the
   * publishing engine): what a subscriber looks up per workspace it may then look up once for
   * all of them, on the first `record` that needs it. Nothing is read for a unit that records no event.
   */
  anticipate(workspaceIds: readonly string[]): Promise<void>;
}
