import { type EventFields, type EventResourceName, type EventResources } from '../../domain/webhook/WebhookDeclaration';
import { WEBHOOK_OF } from '../../domain/webhook/WebhookEventType';
import { type DomainEvent, type EventSink } from '../ports/EventSink';
import { type EventPresenter } from '../ports/webhooks/EventPresenter';
import { type CausedEvent, type EventOutbox } from './EventOutbox';

/** Each resource an event carries, as the API returns it. */
const PRESENT: { readonly [R in EventResourceName]: (p: EventPresenter, value: EventResources[R]) => unknown } = {
  Post: (p, value) => p.post(value),
  Target: (p, value) => p.target(value),
  Review: (p, value) => p.review(value),
  Connection: (p, value) => p.connection(value),
};

/** An event's `data`: its declared fields in order, the resources presented, the rest as they are. */
function presented(fields: EventFields, values: Readonly<Record<string, unknown>>, p: EventPresenter): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(fields).map(([name, field]) => {
      const value = values[name];
      return [name, 'resource' in field ? (PRESENT[field.resource] as (p: EventPresenter, v: unknown) => unknown)(p, value) : value];
    }),
  );
}

/**
 * The webhook outbox as a subscriber of domain events: each event becomes the webhook
 * `domain/webhook/WebhookEventType.ts` declares for it, in order.
 */
export class WebhookEvents implements EventSink {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly presenter: EventPresenter,
  ) {}

  record(workspaceId: string, events: readonly DomainEvent[], now: Date): Promise<void> {
    const caused = events.map((event): CausedEvent => {
      const webhook = WEBHOOK_OF[event.type];
      const values = webhook.values as (e: DomainEvent) => Readonly<Record<string, unknown>>;
      return { type: webhook.name, data: () => presented(webhook.data, values(event), this.presenter) };
    });
    return this.outbox.emit(workspaceId, caused, now);
  }

  anticipate(workspaceIds: readonly string[]): Promise<void> {
    return this.outbox.anticipate(workspaceIds);
  }
}
