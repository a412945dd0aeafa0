import { type Connection, type ConnectionEvent } from '../connection/Connection';
import { type PostEvent } from '../post/PostEvent';
import { type PostSnapshot } from '../post/PostSnapshot';
import { type Review } from '../post/Review';
import { type TargetSnapshot } from '../post/Target';

/** Every event an aggregate records, each of which causes one webhook. */
export type RecordedEvent = PostEvent | ConnectionEvent;
export type RecordedEventType = RecordedEvent['type'];
type Recorded<T extends RecordedEventType> = Extract<RecordedEvent, { type: T }>;

/** The resources an event may carry, each sent as the API returns it. */
export interface EventResources {
  Post: PostSnapshot;
  Target: TargetSnapshot;
  Review: Review;
  Connection: Connection;
}
export type EventResourceName = keyof EventResources;

/** A field of an event's `data`: one of the resources, or a plain string or boolean. */
export type EventField =
  | { readonly resource: EventResourceName }
  | { readonly json: 'string' | 'boolean'; readonly nullable?: boolean; readonly description?: string };
export type EventFields = Readonly<Record<string, EventField>>;

/** What a field holds when the event is made (a resource before it is presented). */
type ValueOf<F> = F extends { resource: infer R extends EventResourceName }
  ? EventResources[R]
  : F extends { json: 'boolean' }
    ? boolean
    : F extends { nullable: true }
      ? string | null
      : string;
export type EventValues<D extends EventFields> = { [K in keyof D]: ValueOf<D[K]> };

export const resource = <R extends EventResourceName>(name: R) => ({ resource: name }) as const;
export const text = (description?: string) => ({ json: 'string', ...(description === undefined ? {} : { description }) }) as const;
export const textOrNull = (description?: string) => ({ json: 'string', nullable: true, ...(description === undefined ? {} : { description }) }) as const;
export const flag = (description?: string) => ({ json: 'boolean', ...(description === undefined ? {} : { description }) }) as const;

/** A webhook a workspace may subscribe to: its name, why it is sent, what its `data` holds. */
export interface WebhookDeclaration<N extends string = string, D extends EventFields = EventFields> {
  readonly name: N;
  readonly cause: string;
  readonly data: D;
}

/** A webhook caused by a recorded event: the declaration, and its `data` made from the event. */
export interface CausedWebhook<T extends RecordedEventType = RecordedEventType, N extends string = string, D extends EventFields = EventFields>
  extends WebhookDeclaration<N, D> {
  readonly event: T;
  readonly values: (event: Recorded<T>) => EventValues<D>;
}

/**
 * Declares the webhook a recorded event causes: the fields of its `data` and, checked against
 * them by the compiler, how the event fills them.
 */
export function webhook<T extends RecordedEventType, const N extends string, const D extends EventFields>(
  event: T,
  name: N,
  cause: string,
  data: D,
  values: (event: Recorded<T>) => EventValues<D>,
): CausedWebhook<T, N, D> {
  return { event, name, cause, data, values };
}
