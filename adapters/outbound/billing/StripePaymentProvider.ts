import Stripe from 'stripe';
import { type CheckoutRequest, type PaymentProvider, type VerifiedEvent } from '../../../application/ports/billing/PaymentProvider';
import { DomainError } from '../../../domain/shared/DomainError';
import { billingEventOf, isStripeEvent } from './stripeEvents';

export interface StripeSettings {
  readonly secretKey: string;
  readonly webhookSecret: string;
  /** Another API host (the tests' fake): `http://127.0.0.1:port`; null for Stripe itself. */
  readonly apiBaseUrl: string | null;
  /** How old a signed event may be, in seconds (the SDK's tolerance). */
  readonly toleranceSeconds: number;
}

/**
 * Stripe through its official SDK (docs/decisions.md, "The account surface"): a customer per
 * person, a Checkout Session in subscription mode whose metadata (copied onto the
 * subscription) names who pays for what, and events checked with the SDK's signature check.
 */
export class StripePaymentProvider implements PaymentProvider {
  private readonly stripe: Stripe;

  constructor(private readonly settings: StripeSettings) {
    const base = settings.apiBaseUrl === null ? null : new URL(settings.apiBaseUrl);
    this.stripe = new Stripe(settings.secretKey, {
      maxNetworkRetries: 1,
      timeout: 20_000,
      ...(base && { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol === 'https:' ? 'https' : 'http' }),
    });
  }

  async ensureCustomer(user: { id: string; email: string }): Promise<string> {
    const customer = await unavailableOnFailure(() =>
      this.stripe.customers.create({ email: user.email, metadata: { userId: user.id } }, { idempotencyKey: `customer-${user.id}` }),
    );
    return customer.id;
  }

  async createCheckout(request: CheckoutRequest): Promise<string> {
    const session = await unavailableOnFailure(() =>
      this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: request.customer,
        line_items: [{ price: request.product.priceId, quantity: 1 }],
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
        client_reference_id: request.metadata.userId,
        metadata: { ...request.metadata },
        subscription_data: { metadata: { ...request.metadata } },
      }),
    );
    if (session.url === null) throw new Error('Stripe answered a checkout session without a url');
    return session.url;
  }

  verifyEvent(rawBody: Buffer, signatureHeader: string | null): VerifiedEvent {
    if (signatureHeader === null) return { ok: false, problem: 'signature', reason: 'the Stripe-Signature header is missing' };
    try {
      const event: unknown = this.stripe.webhooks.constructEvent(rawBody, signatureHeader, this.settings.webhookSecret, this.settings.toleranceSeconds);
      // The signature proves who sent the bytes, not that they are an event: `[]` or `{}` signed is refused, never read.
      if (!isStripeEvent(event))
        return { ok: false, problem: 'not_an_event', reason: 'the body is not a Stripe event (an object with an id, a type and data.object)' };
      return { ok: true, event: billingEventOf(event) };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) return { ok: false, problem: 'signature', reason: error.message };
      // Signed bytes that are not JSON at all: the SDK parses them after checking the signature.
      if (error instanceof SyntaxError) return { ok: false, problem: 'not_an_event', reason: 'the body is not JSON' };
      throw error;
    }
  }
}

/**
 * Stripe unreachable, or refusing the call (a wrong key, an unknown price: the operator's
 * settings): a 503 naming Stripe's reason, never a 500 (docs/errors.md).
 */
async function unavailableOnFailure<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    throw new DomainError('unavailable', 'payment_provider_unavailable', `Stripe could not make the checkout: ${error.message}`);
  }
}
