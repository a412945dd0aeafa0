import { type SentEventType } from '../../domain/webhook/WebhookEventType';
import { type EventPresenter } from '../ports/webhooks/EventPresenter';

/**
 * An event's body, the same for every subscriber and every attempt (docs/webhooks.md):
 * `{id, type, timestamp, workspaceId, data}`, `data` holding the resources as the API
 * returns them. Made when the change is made, so it tells what happened then.
 */
export function outgoingEvent<T extends SentEventType>(
  presenter: EventPresenter,
  event: { id: string; type: T; workspaceId: string; at: Date; data: Record<string, unknown> },
): { id: string; type: T; body: string } {
  const { id, type, workspaceId, at, data } = event;
  return { id, type, body: JSON.stringify({ id, type, timestamp: presenter.timestamp(at), workspaceId, data }) };
}
