import { RecordBillingEvent } from '../../application/billing/RecordBillingEvent';
import { StartCheckout } from '../../application/billing/StartCheckout';
import { StripePaymentProvider } from '../../adapters/outbound/billing/StripePaymentProvider';
import { TestModePaymentProvider } from '../../adapters/outbound/billing/TestModePaymentProvider';
import { type Config } from '../env';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/**
 * Checkout and billing events (docs/decisions.md, "The account surface"): Stripe when
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else the local test-mode checkout.
 */
export function bindBilling(w: Wiring, config: Config): void {
  const { stripe, successUrl, cancelUrl } = config.payment;
  const testMode = stripe === null ? new TestModePaymentProvider(config.http.baseUrl) : null;
  w.value(T.TestModePaymentProvider, testMode);
  w.build(T.PaymentProvider, [], () => testMode ?? new StripePaymentProvider(stripe!));
  w.build(T.RecordBillingEvent, [T.BillingAccounts, T.WorkspaceSubscriptions, T.Clock], (accounts, workspaces, clock) => {
    return new RecordBillingEvent(accounts, workspaces, clock, config.billing.products);
  });
  w.build(
    T.StartCheckout,
    [T.PaymentProvider, T.BillingAccounts, T.UserRepository, T.MembershipRepository, T.AuthorizeWorkspace, T.Clock],
    (provider, accounts, users, memberships, authorize, clock) =>
      new StartCheckout(provider, accounts, users, memberships, authorize, clock, { products: config.billing.products, successUrl, cancelUrl }),
  );
}
