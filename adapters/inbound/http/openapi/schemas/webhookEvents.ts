import { TEST_EVENT_TYPE, type SentEventType, WEBHOOK_EVENT_TYPES } from '../../../../../domain/webhook/WebhookEventType';
import { schemaRef } from '../refs';
import { type PathItem, type SchemaMap, type SchemaObject } from '../types';
import { closedObject, nullable, timestamp } from './building';

const post = { post: schemaRef('Post') };
/** What each event's `data` holds: the resources as the API returns them. */
const DATA: Readonly<Record<SentEventType, Readonly<Record<string, SchemaObject>>>> = {
  'post.scheduled': post,
  'post.published': post,
  'post.partially_failed': post,
  'post.failed': post,
  'review.requested': post,
  'review.decided': { review: schemaRef('Review'), ...post },
  'target.published': { postId: { type: 'string' }, target: schemaRef('Target') },
  'target.failed': {
    postId: { type: 'string' },
    target: schemaRef('Target'),
    reason: nullable({ type: 'string', description: 'Why it failed: the same as target.error.' }),
    retryable: {
      type: 'boolean',
      description:
        'Whether retrying the target (retryTarget) may help: true after a transient failure that outlasted its retries or an unknown outcome (check the platform first), false for a refusal or a connection to reconnect.',
    },
  },
  'connection.needs_reconnect': { connection: schemaRef('Connection'), reason: { type: 'string', description: "The platform's words." } },
  [TEST_EVENT_TYPE]: { subscriptionId: { type: 'string' }, message: { type: 'string' } },
};

const CAUSES: Readonly<Record<SentEventType, string>> = {
  'post.scheduled': 'A post became scheduled (created or edited with intent schedule, or approved for later).',
  'post.published': 'Every target of a post was published.',
  'post.partially_failed': 'A post finished publishing with some targets published and some failed.',
  'post.failed': 'Every target of a post failed.',
  'review.requested': 'A post is waiting for a reviewer (pending_review).',
  'review.decided': 'A reviewer approved a post or asked for changes.',
  'target.published': 'A target was published (every segment of its thread).',
  'target.failed': 'A target failed, with the reason and whether a retry may help.',
  'connection.needs_reconnect': 'The platform said a connection’s grant is dead: connect the account again.',
  [TEST_EVENT_TYPE]: 'Sent on request (POST …/webhooks/{id}/test), to that subscription alone.',
};

const schemaName = (type: SentEventType) =>
  `WebhookEvent${type
    .split(/[._]/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

const ALL: readonly SentEventType[] = [...WEBHOOK_EVENT_TYPES, TEST_EVENT_TYPE];

/** One schema per event: the body every delivery of it carries. */
export const webhookEventSchemas: SchemaMap = Object.fromEntries(
  ALL.map((type) => [
    schemaName(type),
    closedObject({
      description: CAUSES[type],
      properties: {
        id: { type: 'string', description: 'The event id; also the webhook-id header, the same on every attempt: deduplicate on it.' },
        type: { type: 'string', const: type },
        timestamp: { ...timestamp, description: 'When the change happened.' },
        workspaceId: { type: 'string' },
        data: closedObject({ properties: DATA[type] }),
      },
    }),
  ]),
);

/** The schema of an event type's body, for readers (tests) that check one. */
export const webhookEventSchemaName = (type: string): string => schemaName(type as SentEventType);

/**
 * OpenAPI 3.1's `webhooks`: what the service POSTs to a subscriber, one entry per event type.
 * A 2xx within the timeout is a success; anything else is retried (docs/webhooks.md).
 */
export const webhookEventOperations: Readonly<Record<string, PathItem>> = Object.fromEntries(
  ALL.map((type) => [
    type,
    {
      post: {
        operationId: `event.${type}`,
        summary: CAUSES[type],
        description:
          'Signed with webhook-id, webhook-timestamp and webhook-signature (Standard Webhooks): verify with the subscription’s secret before trusting the body.',
        tags: ['webhooks'],
        security: [],
        requestBody: { required: true, content: { 'application/json': { schema: schemaRef(schemaName(type)) } } },
        responses: { '2XX': { description: 'Received; any other answer (or none within the timeout) is retried.' } },
      },
    },
  ]),
);
