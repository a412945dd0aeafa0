import { WEBHOOK_EVENT_TYPES } from '../../../../../domain/webhook/WebhookEventType';
import { WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX } from '../../../../../domain/webhook/WebhookSubscription';
import { PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../../contract/requestLimits';
import { schemaRef } from '../refs';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';

const eventType = { type: 'string', enum: [...WEBHOOK_EVENT_TYPES] } as const;
const eventTypes = {
  ...arrayOf(eventType, 'The events sent to this URL; at least one (a type named twice counts once).'),
  minItems: 1,
  maxItems: WEBHOOK_EVENT_TYPES.length,
};
const url = {
  type: 'string',
  maxLength: WEBHOOK_URL_MAX,
  description: 'An http or https URL on a public address (unless the operator allows private ones); no user name, password or fragment.',
};
const description = nullable({ type: 'string', maxLength: WEBHOOK_DESCRIPTION_MAX });
const secret = {
  type: 'string',
  pattern: '^whsec_[A-Za-z0-9+/]{43}=$',
  description: 'The signing secret (Standard Webhooks format), shown in this answer only: verify deliveries with it (docs/webhooks.md).',
};

const webhookProperties = {
  id,
  workspaceId: { type: 'string' },
  url,
  eventTypes,
  enabled: { type: 'boolean', description: 'False: nothing is sent; set by its owner, or by the service after sustained failure (health.disabledReason).' },
  description,
  status: {
    type: 'string',
    enum: ['healthy', 'failing', 'disabled'],
    description: 'healthy: the last attempt succeeded (or none yet); failing: the latest attempts failed and are being retried; disabled: switched off.',
  },
  health: closedObject({
    properties: {
      consecutiveFailures: { type: 'integer', minimum: 0, description: 'Failed attempts in a row, all deliveries together.' },
      lastSuccessAt: nullable({ ...timestamp }),
      lastFailureAt: nullable({ ...timestamp }),
      lastError: nullable({ type: 'string', description: 'What went wrong at the last failed attempt.' }),
      disabledReason: nullable({ type: 'string', description: 'Why the service switched it off; null when enabled or switched off by its owner.' }),
    },
  }),
  secretRotatedAt: { ...timestamp, description: 'When the current secret was made (at creation or the last rotation).' },
  createdAt: timestamp,
  updatedAt: timestamp,
};

const attempt = closedObject({
  properties: {
    attempt: { type: 'integer', minimum: 1 },
    at: timestamp,
    statusCode: nullable({ type: 'integer', description: "The endpoint's status; null when no answer came (timeout, refused address, connection error)." }),
    responseMs: { type: 'integer', minimum: 0 },
    error: nullable({ type: 'string' }),
  },
});

/** Outgoing webhooks (docs/webhooks.md). */
export const webhookSchemas: SchemaMap = {
  Webhook: closedObject({ description: 'A webhook subscription; never its secret.', properties: webhookProperties }),
  WebhookWithSecret: closedObject({
    description: 'A webhook subscription with its signing secret, shown this once.',
    properties: { ...webhookProperties, secret },
  }),
  WebhookList: closedObject({ description: "The workspace's webhook subscriptions, oldest first.", properties: { data: arrayOf(schemaRef('Webhook')) } }),
  CreateWebhookRequest: closedObject({
    properties: { url, eventTypes, enabled: { type: 'boolean', description: 'Default true.' }, description },
    optional: ['enabled', 'description'],
  }),
  UpdateWebhookRequest: closedObject({
    description: 'Any of the fields; the others are kept. enabled: true on a disabled webhook starts its health afresh.',
    properties: { url, eventTypes, enabled: { type: 'boolean' }, description },
    optional: ['url', 'eventTypes', 'enabled', 'description'],
  }),
  WebhookDelivery: closedObject({
    description: 'One event on its way to one webhook, with every attempt.',
    properties: {
      id,
      webhookId: { type: 'string' },
      eventId: { type: 'string', description: 'The event id, sent as webhook-id: the same for every attempt (deduplicate on it).' },
      eventType: { type: 'string', enum: [...WEBHOOK_EVENT_TYPES, 'webhook.test'] },
      status: { type: 'string', enum: ['pending', 'succeeded', 'failed'], description: 'failed: every attempt allowed was made; retry it by hand.' },
      attempts: { type: 'integer', minimum: 0 },
      maxAttempts: { type: 'integer', minimum: 1 },
      nextAttemptAt: nullable({ ...timestamp }),
      lastStatusCode: nullable({ type: 'integer' }),
      lastResponseMs: nullable({ type: 'integer', minimum: 0 }),
      lastError: nullable({ type: 'string' }),
      createdAt: timestamp,
      updatedAt: timestamp,
      attemptLog: arrayOf(attempt, 'Oldest first.'),
    },
  }),
  WebhookDeliveryPage: closedObject({
    description: 'One page of deliveries, newest first.',
    properties: {
      data: arrayOf(schemaRef('WebhookDelivery')),
      total: { type: 'integer', minimum: 0 },
      limit: { type: 'integer', minimum: PAGE_LIMIT_MIN, maximum: PAGE_LIMIT_MAX },
      offset: { type: 'integer', minimum: 0 },
    },
  }),
};
