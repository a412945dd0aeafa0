import { type EventField, type EventFields, type WebhookDeclaration } from '../../../../../domain/webhook/WebhookDeclaration';
import { type SentEventType, TEST_WEBHOOK, WEBHOOKS } from '../../../../../domain/webhook/WebhookEventType';
import { schemaRef } from '../refs';
import { type PathItem, type SchemaMap, type SchemaObject } from '../types';
import { closedObject, nullable, timestamp } from './building';

/** A field of an event's `data`: a resource as the API returns it, or a string or boolean. */
function fieldSchema(field: EventField): SchemaObject {
  if ('resource' in field) return schemaRef(field.resource);
  const schema = { type: field.json, ...(field.description === undefined ? {} : { description: field.description }) };
  return field.nullable === true ? nullable(schema) : schema;
}

const dataSchema = (fields: EventFields): Record<string, SchemaObject> =>
  Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, fieldSchema(field)]));

const schemaName = (type: SentEventType) =>
  `WebhookEvent${type
    .split(/[._]/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('')}`;

/** Every event sent, as domain/webhook/WebhookEventType.ts declares them: the subscribable ones, then the test event. */
const ALL: readonly WebhookDeclaration<SentEventType>[] = [...WEBHOOKS, TEST_WEBHOOK];

/** One schema per event: the body every delivery of it carries. */
export const webhookEventSchemas: SchemaMap = Object.fromEntries(
  ALL.map(({ name: type, cause, data }) => [
    schemaName(type),
    closedObject({
      description: cause,
      properties: {
        id: { type: 'string', description: 'The event id; also the webhook-id header, the same on every attempt: deduplicate on it.' },
        type: { type: 'string', const: type },
        timestamp: { ...timestamp, description: 'When the change happened.' },
        workspaceId: { type: 'string' },
        data: closedObject({ properties: dataSchema(data) }),
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
  ALL.map(({ name: type, cause }) => [
    type,
    {
      post: {
        operationId: `event.${type}`,
        summary: cause,
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
