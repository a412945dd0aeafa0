import { DELIVERY_STATUSES, type DeliveryStatus } from '../../../../application/ports/webhooks/WebhookDeliveries';
import { type ManageWebhooks } from '../../../../application/webhooks/ManageWebhooks';
import { type WebhookDeliveryLog } from '../../../../application/webhooks/WebhookDeliveryLog';
import { validationError } from '../../../../domain/shared/DomainError';
import { CreateWebhookBody, UpdateWebhookBody } from '../dto/WebhookBodies';
import { parameterRef, schemaRef } from '../openapi/refs';
import { presentDelivery, presentWebhook } from '../presenters/presentWebhook';
import { parsePage } from '../query';
import { accessOf, type AppState } from '../state';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';

export interface WebhookUseCases {
  readonly webhooks: ManageWebhooks;
  readonly log: WebhookDeliveryLog;
}

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
const ws = (ctx: { state: AppState }) => accessOf(ctx).workspaceId;

/**
 * A workspace's webhook subscriptions and their delivery logs (docs/webhooks.md): managed with
 * accounts:write, read with accounts:read. The signing secret is in the answers of create and
 * rotate-secret only.
 */
export const WEBHOOK_OPERATIONS: ApiOperations<WebhookUseCases> = [
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/webhooks',
    operationId: 'webhooks.list',
    summary: "The workspace's webhook subscriptions",
    description: 'Needs accounts:read. Each with its health; never a secret.',
    tags,
    scope: 'accounts:read',
    parameters: [parameterRef('WorkspaceId')],
    success: { status: 200, description: 'The subscriptions.', schema: schemaRef('WebhookList') },
    errors: [403, 404],
    async handle(ctx, { webhooks }) {
      ctx.body = { data: (await webhooks.list(ws(ctx))).map(presentWebhook) };
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/webhooks',
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
    async handle(ctx, { webhooks }) {
      const body = validateBody(CreateWebhookBody, ctx.request.body);
      const { subscription, secret } = await webhooks.create(ws(ctx), body);
      ctx.status = 201;
      ctx.body = { ...presentWebhook(subscription), secret };
    },
  },
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/webhooks/{webhookId}',
    operationId: 'webhooks.get',
    summary: 'One webhook subscription',
    description: 'Needs accounts:read.',
    tags,
    scope: 'accounts:read',
    parameters: [parameterRef('WorkspaceId'), WebhookId],
    success: { status: 200, description: 'The subscription.', schema: schemaRef('Webhook') },
    errors: [403, 404],
    async handle(ctx, { webhooks }) {
      ctx.body = presentWebhook(await webhooks.get(ws(ctx), ctx.params.webhookId!));
    },
  },
  {
    method: 'patch',
    path: '/v1/workspaces/{workspaceId}/webhooks/{webhookId}',
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
    async handle(ctx, { webhooks }) {
      const body = validateBody(UpdateWebhookBody, ctx.request.body);
      ctx.body = presentWebhook(await webhooks.change(ws(ctx), ctx.params.webhookId!, body));
    },
  },
  {
    method: 'delete',
    path: '/v1/workspaces/{workspaceId}/webhooks/{webhookId}',
    operationId: 'webhooks.remove',
    idempotent: true,
    summary: 'Remove a webhook subscription',
    description: 'Needs accounts:write. Its deliveries, pending ones included, go with it.',
    tags,
    scope: 'accounts:write',
    parameters: [parameterRef('WorkspaceId'), WebhookId],
    success: { status: 204, description: 'Removed.' },
    errors: [403, 404],
    async handle(ctx, { webhooks }) {
      await webhooks.remove(ws(ctx), ctx.params.webhookId!);
      ctx.status = 204;
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/webhooks/{webhookId}/rotate-secret',
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
    async handle(ctx, { webhooks }) {
      const { subscription, secret } = await webhooks.rotateSecret(ws(ctx), ctx.params.webhookId!);
      ctx.body = { ...presentWebhook(subscription), secret };
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/webhooks/{webhookId}/test',
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
    async handle(ctx, { log }) {
      ctx.status = 202;
      ctx.body = presentDelivery(await log.test(ws(ctx), ctx.params.webhookId!));
    },
  },
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/webhooks/{webhookId}/deliveries',
    operationId: 'webhooks.deliveries',
    summary: "A webhook's delivery log",
    description: 'Needs accounts:read. Every delivery, newest first, with each attempt: status code, response time, error.',
    tags,
    scope: 'accounts:read',
    parameters: [parameterRef('WorkspaceId'), WebhookId, parameterRef('Limit'), parameterRef('Offset'), DeliveryStatusFilter],
    success: { status: 200, description: 'One page of deliveries.', schema: schemaRef('WebhookDeliveryPage') },
    errors: [403, 404, 422],
    async handle(ctx, { log }) {
      const page = parsePage(ctx.query);
      const status = parseDeliveryStatus(ctx.query.status);
      const { items, total } = await log.list(ws(ctx), ctx.params.webhookId!, { ...page, status });
      ctx.body = { data: items.map(presentDelivery), total, ...page };
    },
  },
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/webhooks/{webhookId}/deliveries/{deliveryId}',
    operationId: 'webhooks.delivery',
    summary: 'One delivery of a webhook',
    description: 'Needs accounts:read. The delivery as in the log, with each attempt; one of another webhook is a 404 like an unknown one.',
    tags,
    scope: 'accounts:read',
    parameters: [parameterRef('WorkspaceId'), WebhookId, DeliveryId],
    success: { status: 200, description: 'The delivery.', schema: schemaRef('WebhookDelivery') },
    errors: [403, 404],
    async handle(ctx, { log }) {
      ctx.body = presentDelivery(await log.get(ws(ctx), ctx.params.webhookId!, ctx.params.deliveryId!));
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/webhooks/{webhookId}/deliveries/{deliveryId}/retry',
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
    async handle(ctx, { log }) {
      ctx.status = 202;
      ctx.body = presentDelivery(await log.retry(ws(ctx), ctx.params.webhookId!, ctx.params.deliveryId!));
    },
  },
];

function parseDeliveryStatus(raw: string | string[] | undefined): DeliveryStatus | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'string' && (DELIVERY_STATUSES as readonly string[]).includes(raw)) return raw as DeliveryStatus;
  throw validationError('invalid_query', [{ path: 'status', message: `must be one of ${DELIVERY_STATUSES.join(', ')}` }]);
}
