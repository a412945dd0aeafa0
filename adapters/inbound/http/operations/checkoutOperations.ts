import { type StartCheckout } from '../../../../application/billing/StartCheckout';
import { DEFAULT_PRODUCTS } from '../../../../domain/billing/Product';
import { CheckoutBody } from '../dto/CheckoutBody';
import { checkoutDescription } from '../openapi/paths/billing';
import { schemaRef } from '../openapi/refs';
import { credentialOf } from '../state';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';

/** `POST /v1/transcriptions/checkout`: the URL of a hosted checkout (docs/account.md). */
export const CHECKOUT_OPERATIONS: ApiOperations<StartCheckout> = [
  {
    method: 'post',
    path: '/v1/transcriptions/checkout',
    operationId: 'transcriptions.checkout',
    summary: 'Start a checkout for a product; answers the URL to pay at',
    description: checkoutDescription(DEFAULT_PRODUCTS),
    tags: ['billing'],
    scope: 'billing:write',
    requestBody: { description: 'The product.', schema: schemaRef('CheckoutRequest') },
    success: { status: 200, description: 'The checkout URL.', schema: schemaRef('Checkout') },
    errors: [402, 403, 404],
    idempotent: true,
    async handle(ctx, startCheckout) {
      const body = validateBody(CheckoutBody, ctx.request.body);
      ctx.body = await startCheckout.execute(credentialOf(ctx), { productId: body.productId, ...(body.workspaceId && { workspaceId: body.workspaceId }) });
    },
  },
];
