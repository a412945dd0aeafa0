import { type Product } from '../../../domain/billing/Product';
import { type SubscriptionStatus } from '../../../domain/billing/Subscription';

/** What a checkout sells and where the person comes back to (docs/decisions.md, "The account surface"). */
export interface CheckoutRequest {
  readonly customer: string;
  readonly product: Product;
  readonly successUrl: string;
  readonly cancelUrl: string;
  /** Carried by the session and its subscription: `userId`, `productId`, and `workspaceId` for a workspace product. */
  readonly metadata: Readonly<Record<string, string>>;
}

/** Who a subscription belongs to, as the checkout's metadata says. */
export interface BillingOwner {
  readonly userId: string | null;
  readonly productId: string | null;
  readonly workspaceId: string | null;
}

/** A provider's event, already verified, in the terms the service acts on. */
export type BillingEvent =
  | {
      readonly kind: 'checkout_completed';
      readonly id: string;
      readonly customerId: string;
      readonly subscriptionId: string;
      readonly paid: boolean;
      readonly owner: BillingOwner;
    }
  | {
      readonly kind: 'subscription_changed';
      readonly id: string;
      readonly customerId: string;
      readonly subscriptionId: string;
      readonly status: SubscriptionStatus;
      readonly currentPeriodEnd: Date | null;
      readonly owner: BillingOwner;
    }
  | { readonly kind: 'invoice_paid' | 'invoice_failed'; readonly id: string; readonly customerId: string; readonly subscriptionId: string }
  /** An event type the service does not act on; acknowledged all the same. */
  | { readonly kind: 'ignored'; readonly id: string };

/** Refused: a signature that does not verify, or signed bytes that are not an event the provider sends. */
export type VerifiedEvent =
  | { readonly ok: true; readonly event: BillingEvent }
  | { readonly ok: false; readonly problem: 'signature' | 'not_an_event'; readonly reason: string };

/** The payment provider: Stripe, or the local test mode of the embedded default. */
export interface PaymentProvider {
  /** Creates the provider's customer for this person; the caller remembers it (BillingAccounts). */
  ensureCustomer(user: { readonly id: string; readonly email: string }): Promise<string>;
  /** A hosted checkout in subscription mode; answers the URL to send the person to. */
  createCheckout(request: CheckoutRequest): Promise<string>;
  /** Checks the signature (and its timestamp) over the exact bytes received, then reads the event. */
  verifyEvent(rawBody: Buffer, signatureHeader: string | null): VerifiedEvent;
}
