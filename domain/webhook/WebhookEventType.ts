import { retryMayHelp } from '../post/failureReasons';
import { type CausedWebhook, flag, type RecordedEventType, resource, text, textOrNull, type WebhookDeclaration, webhook } from './WebhookDeclaration';

const post = { post: resource('Post') };

/**
 * The events a workspace may subscribe to (docs/webhooks.md), in the order the documents list
 * them: each is the webhook one recorded event causes, written in the same transaction as its
 * change. The names, the OpenAPI document's `WebhookEvent…` schemas and what the outbox sends
 * all derive from this list; a new one is one entry here beside its domain event.
 */
export const WEBHOOKS = [
  webhook('PostScheduled', 'post.scheduled', 'A post became scheduled (created or edited with intent schedule, or approved for later).', post, (e) => e),
  webhook('PostPublished', 'post.published', 'Every target of a post was published.', post, (e) => e),
  webhook('PostPartiallyFailed', 'post.partially_failed', 'A post finished publishing with some targets published and some failed.', post, (e) => e),
  webhook('PostFailed', 'post.failed', 'Every target of a post failed.', post, (e) => e),
  webhook(
    'TargetPublished',
    'target.published',
    'A target was published (every segment of its thread).',
    { postId: text(), target: resource('Target') },
    (e) => ({
      postId: e.post.id,
      target: e.target,
    }),
  ),
  webhook(
    'TargetFailed',
    'target.failed',
    'A target failed, with the reason and whether a retry may help.',
    {
      postId: text(),
      target: resource('Target'),
      reason: textOrNull('Why it failed: the same as target.error.'),
      retryable: flag(
        'Whether retrying the target (retryTarget) may help: true after a transient failure that outlasted its retries or an unknown outcome (check the platform first), false for a refusal or a connection to reconnect.',
      ),
    },
    (e) => ({ postId: e.post.id, target: e.target, reason: e.target.error, retryable: retryMayHelp(e.target.error ?? '') }),
  ),
  webhook('ReviewRequested', 'review.requested', 'A post is waiting for a reviewer (pending_review).', post, (e) => e),
  webhook('ReviewDecided', 'review.decided', 'A reviewer approved a post or asked for changes.', { review: resource('Review'), ...post }, (e) => e),
  webhook(
    'ConnectionNeedsReconnect',
    'connection.needs_reconnect',
    'The platform said a connection’s grant is dead: connect the account again.',
    { connection: resource('Connection'), reason: text("The platform's words.") },
    (e) => e,
  ),
  webhook(
    'ConnectionDisconnected',
    'connection.disconnected',
    'A connection was disconnected (DELETE …/connections/{id}): nothing publishes to it any more.',
    { connection: resource('Connection') },
    (e) => e,
  ),
] as const;

export type WebhookEventType = (typeof WEBHOOKS)[number]['name'];
export const WEBHOOK_EVENT_TYPES: readonly WebhookEventType[] = WEBHOOKS.map((w) => w.name);

/** Sent on request only, to one subscription; it cannot be subscribed to. */
export const TEST_WEBHOOK = {
  name: 'webhook.test',
  cause: 'Sent on request (POST …/webhooks/{id}/test), to that subscription alone.',
  data: { subscriptionId: text(), message: text() },
} as const satisfies WebhookDeclaration;

export const TEST_EVENT_TYPE = TEST_WEBHOOK.name;
export type SentEventType = WebhookEventType | typeof TEST_EVENT_TYPE;

export const isWebhookEventType = (value: unknown): value is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly unknown[]).includes(value);

/** The webhook each recorded event causes; the compiler names any recorded event left without one. */
export const WEBHOOK_OF: { readonly [T in RecordedEventType]: CausedWebhook<T, WebhookEventType> } = Object.fromEntries(
  WEBHOOKS.map((w) => [w.event, w]),
) as never;
type Unmapped = Exclude<RecordedEventType, (typeof WEBHOOKS)[number]['event']>;
export const EVERY_RECORDED_EVENT_HAS_ITS_WEBHOOK: [Unmapped] extends [never] ? true : Unmapped = true;
