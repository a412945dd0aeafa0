import { type Product } from '../../../../../domain/billing/Product';
import { openOperation, openResponse } from '../operations';
import { schemaRef } from '../refs';
import { type PathMap } from '../types';

/** The payment provider's events (the checkout is declared in operations/checkoutOperations.ts). */
export const billingPaths: PathMap = {
  '/webhooks/stripe': {
    post: openOperation({
      operationId: 'webhooks.stripe',
      rateLimited: false,
      summary: "Stripe's billing events",
      description:
        "Stripe's signed event, its exact bytes: the Stripe-Signature header is checked with STRIPE_WEBHOOK_SECRET and its timestamp must be within the tolerance (300 s by default). " +
        "checkout.session.completed, customer.subscription.created/updated/deleted, invoice.paid and invoice.payment_failed update the person's or the workspace's subscription; other types are acknowledged. " +
        'An event id already acted on is answered 200 and nothing is done again. Without Stripe configured every event is refused (400).',
      tags: ['billing'],
      responses: {
        200: openResponse('Verified; acted on, or a replay.', schemaRef('WebhookReceipt')),
        400: openResponse('`invalid_signature`: no signature, a wrong one, or a timestamp outside the tolerance.', schemaRef('Error')),
      },
    }),
  },
};

/** The checkout's description, listing the products on sale: the served document lists the configured ones (openApiDocumentFor). */
export function checkoutDescription(products: readonly Product[]): string {
  const listed = products
    .map((p) =>
      p.kind === 'transcriptions'
        ? `\`${p.id}\` (${p.name}: a personal transcription plan, ${p.softLimit} a period soft limit, ${p.hardLimit} hard)`
        : `\`${p.id}\` (${p.name}: the workspace's \`${p.plan}\` plan)`,
    )
    .join(', ');
  return (
    "billing:write among the caller's own scopes (docs/account.md). The products on sale (BILLING_PRODUCTS): " +
    `${listed}. Any other productId is a 422 \`unknown_product\` naming it. ` +
    "A workspace product pays for the credential's workspace, or for a session the body's `workspaceId` (422 `workspace_required` without one), " +
    'and needs billing:write in that workspace too (403; 403 `workspace_not_allowed` for an API key or token naming another workspace; 404 for a workspace the caller is not a member of). ' +
    "The person's payment-provider customer is created at their first checkout and reused after. " +
    "Without Stripe configured, the URL is this service's test-mode checkout page, where no money moves."
  );
}
