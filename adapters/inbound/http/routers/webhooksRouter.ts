import { Router } from '@koa/router';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../../../application/ports/webhooks/WebhookDeliveries';
import { type ManageWebhooks } from '../../../../application/webhooks/ManageWebhooks';
import { validationError } from '../../../../domain/shared/DomainError';
import { type WebhookDeliveryLog } from '../../../../application/webhooks/WebhookDeliveryLog';
import { CreateWebhookBody, UpdateWebhookBody } from '../dto/WebhookBodies';
import { presentDelivery, presentWebhook } from '../presenters/presentWebhook';
import { parsePage } from '../query';
import { type RouteKit } from '../RouteKit';
import { accessOf, type AppState } from '../state';
import { validateBody } from '../validation';

const WEBHOOKS = '/v1/workspaces/:workspaceId/webhooks';
const ONE = `${WEBHOOKS}/:webhookId`;

/**
 * A workspace's webhook subscriptions and their delivery logs (docs/webhooks.md): managed with
 * accounts:write, read with accounts:read. The signing secret is in the answers of create and
 * rotate-secret only.
 */
export function webhooksRouter({ access, writes }: RouteKit, webhooks: ManageWebhooks, log: WebhookDeliveryLog): Router<AppState> {
  const router = new Router<AppState>();
  const reads = access('accounts:read');
  const manages = access('accounts:write');
  const ws = (ctx: { state: AppState }) => accessOf(ctx).workspaceId;

  router.get(WEBHOOKS, reads, async (ctx) => {
    ctx.body = { data: (await webhooks.list(ws(ctx))).map(presentWebhook) };
  });
  router.post(WEBHOOKS, manages, writes, async (ctx) => {
    const body = validateBody(CreateWebhookBody, ctx.request.body);
    const { subscription, secret } = await webhooks.create(ws(ctx), body);
    ctx.status = 201;
    ctx.body = { ...presentWebhook(subscription), secret };
  });
  router.get(ONE, reads, async (ctx) => {
    ctx.body = presentWebhook(await webhooks.get(ws(ctx), ctx.params.webhookId!));
  });
  router.patch(ONE, manages, writes, async (ctx) => {
    const body = validateBody(UpdateWebhookBody, ctx.request.body);
    ctx.body = presentWebhook(await webhooks.change(ws(ctx), ctx.params.webhookId!, body));
  });
  router.delete(ONE, manages, writes, async (ctx) => {
    await webhooks.remove(ws(ctx), ctx.params.webhookId!);
    ctx.status = 204;
  });
  router.post(`${ONE}/rotate-secret`, manages, writes, async (ctx) => {
    const { subscription, secret } = await webhooks.rotateSecret(ws(ctx), ctx.params.webhookId!);
    ctx.body = { ...presentWebhook(subscription), secret };
  });
  router.post(`${ONE}/test`, manages, writes, async (ctx) => {
    ctx.status = 202;
    ctx.body = presentDelivery(await log.test(ws(ctx), ctx.params.webhookId!));
  });
  router.get(`${ONE}/deliveries`, reads, async (ctx) => {
    const page = parsePage(ctx.query);
    const status = parseDeliveryStatus(ctx.query.status);
    const { items, total } = await log.list(ws(ctx), ctx.params.webhookId!, { ...page, status });
    ctx.body = { data: items.map(presentDelivery), total, ...page };
  });
  router.post(`${ONE}/deliveries/:deliveryId/retry`, manages, writes, async (ctx) => {
    ctx.status = 202;
    ctx.body = presentDelivery(await log.retry(ws(ctx), ctx.params.webhookId!, ctx.params.deliveryId!));
  });
  return router;
}

function parseDeliveryStatus(raw: string | string[] | undefined): DeliveryStatus | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (typeof raw === 'string' && (DELIVERY_STATUSES as readonly string[]).includes(raw)) return raw as DeliveryStatus;
  throw validationError('invalid_query', [{ path: 'status', message: `must be one of ${DELIVERY_STATUSES.join(', ')}` }]);
}
