import { type SentEventType, type WebhookEventType } from '../../../domain/webhook/WebhookEventType';

/** An enabled subscription, as the outbox needs it to fan an event out. */
export interface Subscriber {
  readonly id: string;
  readonly eventTypes: readonly WebhookEventType[];
}

/** An event as it is sent (`body` is the exact JSON of every delivery of it), and who gets it. */
export interface EventToDeliver {
  readonly id: string;
  readonly type: SentEventType;
  readonly body: string;
  readonly deliveries: ReadonlyArray<{ readonly id: string; readonly subscriptionId: string }>;
}

/**
 * The outbox's store (docs/webhooks.md): events and their pending deliveries written in the
 * caller's unit of work, beside the state change that caused them, so none is lost and none
 * exists for a change that rolled back. Workers deliver them later.
 */
export interface WebhookOutbox {
  /** The workspace's enabled subscriptions (what an event is fanned out to). */
  subscribers(workspaceId: string): Promise<Subscriber[]>;
  /**
   * In a set-wise unit of work: the workspaces it may emit for, so that its first `subscribers`
   * call reads theirs too, in the same statement (one read for a round's ten workspaces, not
   * ten), and a unit that emits nothing reads nothing. Elsewhere nothing.
   */
  anticipate(workspaceIds: readonly string[]): Promise<void>;
  write(workspaceId: string, events: readonly EventToDeliver[], attemptLimit: number, now: Date): Promise<void>;
}
