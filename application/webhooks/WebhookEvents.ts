import { retryMayHelp } from '../../domain/post/failureReasons';
import { type DomainEvent, type EventSink } from '../ports/EventSink';
import { type EventPresenter } from '../ports/webhooks/EventPresenter';
import { type CausedEvent, type EventOutbox } from './EventOutbox';

type Of<T extends DomainEvent['type']> = Extract<DomainEvent, { type: T }>;

/** Each domain event as the webhook it causes (docs/webhooks.md): one line per event type. */
const WEBHOOK_OF: { [T in DomainEvent['type']]: (event: Of<T>, p: EventPresenter) => CausedEvent } = {
  TargetPublished: (e, p) => ({ type: 'target.published', data: () => ({ postId: e.post.id, target: p.target(e.target) }) }),
  TargetFailed: (e, p) => ({
    type: 'target.failed',
    data: () => ({ postId: e.post.id, target: p.target(e.target), reason: e.target.error, retryable: retryMayHelp(e.target.error ?? '') }),
  }),
  PostScheduled: (e, p) => ({ type: 'post.scheduled', data: () => ({ post: p.post(e.post) }) }),
  PostPublished: (e, p) => ({ type: 'post.published', data: () => ({ post: p.post(e.post) }) }),
  PostPartiallyFailed: (e, p) => ({ type: 'post.partially_failed', data: () => ({ post: p.post(e.post) }) }),
  PostFailed: (e, p) => ({ type: 'post.failed', data: () => ({ post: p.post(e.post) }) }),
  ReviewRequested: (e, p) => ({ type: 'review.requested', data: () => ({ post: p.post(e.post) }) }),
  ReviewDecided: (e, p) => ({ type: 'review.decided', data: () => ({ review: p.review(e.review), post: p.post(e.post) }) }),
  ConnectionNeedsReconnect: (e, p) => ({ type: 'connection.needs_reconnect', data: () => ({ connection: p.connection(e.connection), reason: e.reason }) }),
};

/** The webhook outbox as a subscriber of domain events: each event becomes its webhook, in order. */
export class WebhookEvents implements EventSink {
  constructor(
    private readonly outbox: EventOutbox,
    private readonly presenter: EventPresenter,
  ) {}

  record(workspaceId: string, events: readonly DomainEvent[], now: Date): Promise<void> {
    const caused = events.map((event) => (WEBHOOK_OF[event.type] as (e: DomainEvent, p: EventPresenter) => CausedEvent)(event, this.presenter));
    return this.outbox.emit(workspaceId, caused, now);
  }
}
