import { TEST_EVENT_TYPE, type WebhookEventType } from '../../domain/webhook/WebhookEventType';
import { type IdGenerator } from '../ports/IdGenerator';
import { type EventPresenter } from '../ports/webhooks/EventPresenter';
import { type EventToDeliver, type WebhookOutbox } from '../ports/webhooks/WebhookOutbox';
import { outgoingEvent } from './outgoingEvent';
import { attemptLimitOf, type WebhookSettings } from './WebhookSettings';

/** An event a change causes; its data is made only when some subscription wants it. */
export interface CausedEvent {
  readonly type: WebhookEventType;
  readonly data: () => Record<string, unknown>;
}

/**
 * Fans the events a change causes out to the workspace's subscriptions that want them, in
 * the caller's unit of work. With no subscriber wanting them it writes, and renders, nothing:
 * a workspace without webhooks pays one indexed read per change that causes events.
 */
export class EventOutbox {
  constructor(
    private readonly store: WebhookOutbox,
    private readonly presenter: EventPresenter,
    private readonly ids: IdGenerator,
    private readonly settings: WebhookSettings,
  ) {}

  async emit(workspaceId: string, caused: readonly CausedEvent[], now: Date): Promise<void> {
    if (caused.length === 0) return;
    const subscribers = await this.store.subscribers(workspaceId);
    const events: EventToDeliver[] = [];
    for (const { type, data } of caused) {
      const wanting = subscribers.filter((s) => s.eventTypes.includes(type));
      if (wanting.length === 0) continue;
      const event = outgoingEvent(this.presenter, { id: this.ids.next(), type, workspaceId, at: now, data: data() });
      events.push({ ...event, deliveries: wanting.map((s) => ({ id: this.ids.next(), subscriptionId: s.id })) });
    }
    if (events.length > 0) await this.store.write(workspaceId, events, attemptLimitOf(this.settings), now);
  }

  /** The workspaces the unit of work may emit for: their subscribers read together, if at all (WebhookOutbox.anticipate). */
  anticipate(workspaceIds: readonly string[]): Promise<void> {
    return this.store.anticipate(workspaceIds);
  }

  /** A `webhook.test` event for one subscription alone, whatever it subscribes to: its delivery's id. */
  async emitTest(subscription: { id: string; workspaceId: string }, now: Date): Promise<string> {
    const { id: subscriptionId, workspaceId } = subscription;
    const data = { subscriptionId, message: 'A test event from Dispatch: your endpoint received and verified it.' };
    const event = outgoingEvent(this.presenter, { id: this.ids.next(), type: TEST_EVENT_TYPE, workspaceId, at: now, data });
    const deliveryId = this.ids.next();
    await this.store.write(workspaceId, [{ ...event, deliveries: [{ id: deliveryId, subscriptionId }] }], attemptLimitOf(this.settings), now);
    return deliveryId;
  }
}
