import { RecordBillingEvent } from '../../../application/billing/RecordBillingEvent';
import { StartCheckout } from '../../../application/billing/StartCheckout';
import { StripePaymentProvider } from '../../../adapters/outbound/billing/StripePaymentProvider';
import { TestModePaymentProvider } from '../../../adapters/outbound/billing/TestModePaymentProvider';
import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { CHECKOUT_OPERATIONS } from '../../../adapters/inbound/http/operations/checkoutOperations';
import { MemoryBillingAccounts, MemoryWorkspaceSubscriptions } from '../../../adapters/outbound/persistence/memory/MemoryBilling';
import { TypeOrmBillingAccounts } from '../../../adapters/outbound/persistence/typeorm/billing/TypeOrmBillingAccounts';
import { TypeOrmWorkspaceSubscriptions } from '../../../adapters/outbound/persistence/typeorm/billing/TypeOrmWorkspaceSubscriptions';
import { type Capability, type CapabilityContext } from '../Capability';
import { type BillingAccounts, type WorkspaceSubscriptions } from '../../../application/ports/billing/BillingAccounts';
import { type PaymentProvider } from '../../../application/ports/billing/PaymentProvider';
import { CORE_TOKENS } from '../../coreTokens';
import { token } from '../../Wiring';

/** Billing: the accounts and subscriptions stored, the payment provider, checkout and its events (docs/account.md). */
export const BILLING_TOKENS = {
  BillingAccounts: token<BillingAccounts>('BillingAccounts'),
  WorkspaceSubscriptions: token<WorkspaceSubscriptions>('WorkspaceSubscriptions'),
  /** Checkout and billing events (docs/account.md): Stripe, or the test mode when it is not configured (then also bound alone). */
  PaymentProvider: token<PaymentProvider>('PaymentProvider'),
  TestModePaymentProvider: token<TestModePaymentProvider | null>('TestModePaymentProvider'),
  StartCheckout: token<StartCheckout>('StartCheckout'),
  RecordBillingEvent: token<RecordBillingEvent>('RecordBillingEvent'),
};

const T = { ...CORE_TOKENS, ...BILLING_TOKENS };

/**
 * Checkout and billing events (docs/decisions.md, "The account surface"): Stripe when
 * STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, else the local test-mode checkout.
 */
function bindBilling({ wiring: w, config, stores }: CapabilityContext): void {
  w.value(T.BillingAccounts, stores.pick({ database: (ds) => new TypeOrmBillingAccounts(ds), memory: () => new MemoryBillingAccounts() }));
  w.value(T.WorkspaceSubscriptions, stores.pick({ database: (ds) => new TypeOrmWorkspaceSubscriptions(ds), memory: () => new MemoryWorkspaceSubscriptions() }));
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

export const BILLING: Capability = {
  name: 'billing',
  bind: bindBilling,
  routes: (get) => ({ api: [apiRouter(CHECKOUT_OPERATIONS, get(T.StartCheckout))] }),
};
