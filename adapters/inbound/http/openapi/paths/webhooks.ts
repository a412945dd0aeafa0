import { DELIVERY_STATUSES } from '../../../../../application/ports/webhooks/WebhookDeliveries';
import { authenticatedOperation } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { type PathMap } from '../types';

const WebhookId = {
  name: 'webhookId',
  in: 'path',
  required: true,
  description: 'The webhook subscription.',
  schema: { type: 'string', minLength: 1 },
} as const;
const DeliveryId = { name: 'deliveryId', in: 'path', required: true, description: 'The delivery.', schema: { type: 'string', minLength: 1 } } as const;
const DeliveryStatusFilter = {
  name: 'status',
  in: 'query',
  required: false,
  description: 'Only deliveries in this status (failed: every attempt made, none succeeded); absent or empty: all. Any other value is a 422 invalid_query.',
  schema: { type: 'string', enum: [...DELIVERY_STATUSES, ''] },
} as const;
const tags = ['webhooks'];

/** Outgoing webhooks (docs/webhooks.md): accounts:write manages them, accounts:read lists them. */
export const webhookPaths: PathMap = {
  '/v1/workspaces/{workspaceId}/webhooks': {
    get: authenticatedOperation({
      operationId: 'webhooks.list',
      summary: "The workspace's webhook subscriptions",
      description: 'Needs accounts:read. Each with its health; never a secret.',
      tags,
      scope: 'accounts:read',
      parameters: [parameterRef('WorkspaceId')],
      success: { status: 200, description: 'The subscriptions.', schema: schemaRef('WebhookList') },
      errors: [403, 404],
    }),
    post: authenticatedOperation({
      operationId: 'webhooks.create',
      idempotent: true,
      summary: 'Subscribe a URL to events of this workspace',
      description:
        'Needs accounts:write. Deliveries are POSTs signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature): verify them with the secret in this answer, shown this once. ' +
        'A URL whose host resolves to a private, loopback or link-local address is a 422 (invalid_webhook) unless the operator allows them; past the workspace limit, a 409 too_many_webhooks.',
      tags,
      scope: 'accounts:write',
      parameters: [parameterRef('WorkspaceId')],
      requestBody: { description: 'Where, and which events.', schema: schemaRef('CreateWebhookRequest') },
      success: { status: 201, description: 'The subscription and its secret.', schema: schemaRef('WebhookWithSecret') },
      errors: [403, 404, 409],
    }),
  },
  '/v1/workspaces/{workspaceId}/webhooks/{webhookId}': {
    get: authenticatedOperation({
      operationId: 'webhooks.get',
      summary: 'One webhook subscription',
      description: 'Needs accounts:read.',
      tags,
      scope: 'accounts:read',
      parameters: [parameterRef('WorkspaceId'), WebhookId],
      success: { status: 200, description: 'The subscription.', schema: schemaRef('Webhook') },
      errors: [403, 404],
    }),
    patch: authenticatedOperation({
      operationId: 'webhooks.update',
      idempotent: true,
      summary: 'Change a webhook subscription',
      description: 'Needs accounts:write. enabled: true switches a disabled subscription back on, its health afresh; its pending deliveries resume.',
      tags,
      scope: 'accounts:write',
      parameters: [parameterRef('WorkspaceId'), WebhookId],
      requestBody: { description: 'The fields to change.', schema: schemaRef('UpdateWebhookRequest') },
      success: { status: 200, description: 'The subscription as changed.', schema: schemaRef('Webhook') },
      errors: [403, 404],
    }),
    delete: authenticatedOperation({
      operationId: 'webhooks.remove',
      idempotent: true,
      summary: 'Remove a webhook subscription',
      description: 'Needs accounts:write. Its deliveries, pending ones included, go with it.',
      tags,
      scope: 'accounts:write',
      parameters: [parameterRef('WorkspaceId'), WebhookId],
      success: { status: 204, description: 'Removed.' },
      errors: [403, 404],
    }),
  },
  '/v1/workspaces/{workspaceId}/webhooks/{webhookId}/rotate-secret': {
    post: authenticatedOperation({
      operationId: 'webhooks.rotateSecret',
      idempotent: true,
      summary: 'Make a new signing secret',
      description:
        'Needs accounts:write. From now on every delivery carries two signatures, one per secret, for 24 hours (WEBHOOK_SECRET_OVERLAP_SECONDS); then the old secret stops signing. The new secret is in this answer only.',
      tags,
      scope: 'accounts:write',
      parameters: [parameterRef('WorkspaceId'), WebhookId],
      success: { status: 200, description: 'The subscription and its new secret.', schema: schemaRef('WebhookWithSecret') },
      errors: [403, 404],
    }),
  },
  '/v1/workspaces/{workspaceId}/webhooks/{webhookId}/test': {
    post: authenticatedOperation({
      operationId: 'webhooks.test',
      idempotent: true,
      summary: 'Send a webhook.test event',
      description:
        'Needs accounts:write. Queued for this subscription alone and delivered by the workers like any event; follow it in the delivery log. A disabled subscription is a 409 webhook_disabled.',
      tags,
      scope: 'accounts:write',
      parameters: [parameterRef('WorkspaceId'), WebhookId],
      success: { status: 202, description: 'The delivery, pending.', schema: schemaRef('WebhookDelivery') },
      errors: [403, 404, 409],
    }),
  },
  '/v1/workspaces/{workspaceId}/webhooks/{webhookId}/deliveries': {
    get: authenticatedOperation({
      operationId: 'webhooks.deliveries',
      summary: "A webhook's delivery log",
      description: 'Needs accounts:read. Every delivery, newest first, with each attempt: status code, response time, error.',
      tags,
      scope: 'accounts:read',
      parameters: [parameterRef('WorkspaceId'), WebhookId, parameterRef('Limit'), parameterRef('Offset'), DeliveryStatusFilter],
      success: { status: 200, description: 'One page of deliveries.', schema: schemaRef('WebhookDeliveryPage') },
      errors: [403, 404, 422],
    }),
  },
  '/v1/workspaces/{workspaceId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry': {
    post: authenticatedOperation({
      operationId: 'webhooks.retryDelivery',
      idempotent: true,
      summary: 'Send a delivery again',
      description:
        'Needs accounts:write. One more attempt, now, with the same event id (receivers deduplicate on webhook-id). A delivery still pending is a 409 delivery_pending; a disabled subscription a 409 webhook_disabled.',
      tags,
      scope: 'accounts:write',
      parameters: [parameterRef('WorkspaceId'), WebhookId, DeliveryId],
      success: { status: 202, description: 'The delivery, pending again.', schema: schemaRef('WebhookDelivery') },
      errors: [403, 404, 409],
    }),
  },
};
