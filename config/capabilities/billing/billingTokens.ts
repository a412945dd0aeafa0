import { type BillingAccounts, type WorkspaceSubscriptions } from '../../../application/ports/billing/BillingAccounts';
import { type PaymentProvider } from '../../../application/ports/billing/PaymentProvider';
import { type RecordBillingEvent } from '../../../application/billing/RecordBillingEvent';
import { type StartCheckout } from '../../../application/billing/StartCheckout';
import { type TestModePaymentProvider } from '../../../adapters/outbound/billing/TestModePaymentProvider';
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
