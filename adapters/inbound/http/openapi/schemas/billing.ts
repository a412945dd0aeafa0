import { CHECKOUT_ID_MAX } from '../../contract/requestLimits';
import { type SchemaMap } from '../types';
import { closedObject } from './building';

/** Checkout and billing events (docs/account.md). */
export const billingSchemas: SchemaMap = {
  CheckoutRequest: closedObject({
    description: 'What to buy.',
    optional: ['workspaceId'],
    properties: {
      productId: { type: 'string', minLength: 1, maxLength: CHECKOUT_ID_MAX, description: 'A configured product (BILLING_PRODUCTS); see the operation.' },
      workspaceId: {
        type: 'string',
        minLength: 1,
        maxLength: CHECKOUT_ID_MAX,
        description:
          'Beyond docs/spec.md: the workspace a workspace product pays for, when the credential is a session. A workspace-bound credential (API key, OAuth token) pays for its own workspace when it is absent, and may name no other (403 `workspace_not_allowed`).',
      },
    },
  }),
  Checkout: closedObject({
    description: 'Where to send the person to pay.',
    properties: {
      checkoutUrl: {
        type: 'string',
        format: 'uri',
        description: "Stripe's hosted checkout, or this service's test-mode page /checkout/test/{id} when Stripe is not configured.",
      },
    },
  }),
  WebhookReceipt: closedObject({
    description: 'The event was verified; `replayed` when its id had been acted on already (nothing done again).',
    properties: {
      received: { type: 'boolean', enum: [true] },
      replayed: { type: 'boolean' },
    },
  }),
};
