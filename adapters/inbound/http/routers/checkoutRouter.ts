import { Router } from '@koa/router';
import { type StartCheckout } from '../../../../application/billing/StartCheckout';
import { CheckoutBody } from '../dto/CheckoutBody';
import { type RouteKit } from '../RouteKit';
import { credentialOf, type AppState } from '../state';
import { validateBody } from '../validation';

/** `POST /v1/transcriptions/checkout`: the URL of a hosted checkout (docs/account.md). */
export function checkoutRouter({ writes }: RouteKit, startCheckout: StartCheckout): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/v1/transcriptions/checkout', writes, async (ctx) => {
    const body = validateBody(CheckoutBody, ctx.request.body);
    ctx.body = await startCheckout.execute(credentialOf(ctx), { productId: body.productId, ...(body.workspaceId && { workspaceId: body.workspaceId }) });
  });
  return router;
}
