import { Router } from '@koa/router';
import { type RecordBillingEvent } from '../../../../../application/billing/RecordBillingEvent';
import { type Clock } from '../../../../../application/ports/Clock';
import { type BillingEvent, type CheckoutRequest } from '../../../../../application/ports/billing/PaymentProvider';
import { html, page } from '../../chains/html';
import { PAGE_HEADERS } from '../../chains/responseHeaders';
import { csrfOf, htmlAnswer, seeOther } from '../pageAnswers';
import { type AppState } from '../../state';

/**
 * The test-mode checkout (docs/account.md): a page that says plainly no money moves, with
 * Complete (the subscription recorded as a paid Stripe checkout would, then the success URL)
 * and Cancel (the cancel URL). Its id is the only key, as a Stripe checkout URL's is.
 */
/** What these pages need of the test-mode payment provider (config hands them the outbound adapter). */
export interface TestCheckouts {
  session(id: string): TestCheckout | null;
  finish(id: string, outcome: 'complete' | 'cancel', now: Date): { session: TestCheckout; events: BillingEvent[] } | null;
}

type TestCheckout = CheckoutRequest & { readonly id: string };

export function testCheckoutRouter(provider: TestCheckouts | null, record: RecordBillingEvent, clock: Clock): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/checkout/test/:id', async (ctx) => {
    const session = provider?.session(ctx.params.id!) ?? null;
    if (session === null) return htmlAnswer(ctx, 404, gonePage());
    // Browsers apply form-action to the redirect after a form post: both buttons may end at the app's own pages.
    const origins = [...new Set([session.successUrl, session.cancelUrl].map((u) => new URL(u).origin))].join(' ');
    ctx.set('Content-Security-Policy', PAGE_HEADERS['Content-Security-Policy'].replace("form-action 'self'", `form-action 'self' ${origins}`));
    const form = (action: string, label: string) =>
      html`<form method="post" action="/checkout/test/${session.id}/${action}"><input type="hidden" name="_csrf" value="${csrfOf(ctx)}"><button type="submit">${label}</button></form>`;
    htmlAnswer(
      ctx,
      200,
      page(
        'Test-mode checkout',
        html`<h1>Test-mode checkout</h1>
<p><strong>This is test mode: no payment is taken and no card is asked for.</strong> Stripe is not configured on this service.</p>
<p>Product: <strong>${session.product.name}</strong> (<code>${session.product.id}</code>)${session.metadata.workspaceId ? html` for workspace <code>${session.metadata.workspaceId}</code>` : ''}.</p>
${form('complete', 'Complete (test mode)')}${form('cancel', 'Cancel')}`,
      ),
    );
  });
  router.post('/checkout/test/:id/:outcome', async (ctx) => {
    const outcome = ctx.params.outcome;
    if (outcome !== 'complete' && outcome !== 'cancel') return htmlAnswer(ctx, 404, gonePage());
    const finished = provider?.finish(ctx.params.id!, outcome, clock.now()) ?? null;
    if (finished === null) return htmlAnswer(ctx, 404, gonePage());
    for (const event of finished.events) await record.execute(event);
    seeOther(ctx, outcome === 'complete' ? finished.session.successUrl : finished.session.cancelUrl);
  });
  // Where checkouts come back to when CHECKOUT_SUCCESS_URL / CHECKOUT_CANCEL_URL are not set.
  router.get('/checkout/done', (ctx) =>
    htmlAnswer(ctx, 200, page('Subscribed', html`<h1>Thank you</h1><p>Your subscription is recorded. You can close this page.</p>`)),
  );
  router.get('/checkout/cancelled', (ctx) => htmlAnswer(ctx, 200, page('Checkout cancelled', html`<h1>Checkout cancelled</h1><p>Nothing was charged.</p>`)));
  return router;
}

const gonePage = (): string =>
  page('Checkout not found', html`<h1>Checkout not found</h1><p>This test-mode checkout was completed, cancelled or has expired. Start a new one.</p>`);
