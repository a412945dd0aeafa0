import { randomBytes } from 'node:crypto';
import { type BillingEvent, type CheckoutRequest, type PaymentProvider, type VerifiedEvent } from '../../../application/ports/billing/PaymentProvider';

export interface TestCheckoutSession extends CheckoutRequest {
  readonly id: string;
}

/** Sessions older than this are forgotten (they live in this process only). */
const SESSION_TTL_MS = 24 * 60 * 60 * 1000;
const MAX_SESSIONS = 10_000;

/**
 * The embedded default when Stripe is not configured (docs/decisions.md, "The account
 * surface"): no money moves. A checkout is a page of this service, `/checkout/test/{id}`,
 * where the person completes or cancels; completing yields the events a Stripe checkout
 * would send, for the same use case to record. No webhook is ever accepted in test mode.
 */
export class TestModePaymentProvider implements PaymentProvider {
  private readonly sessions = new Map<string, { session: TestCheckoutSession; createdAt: number }>();

  constructor(private readonly baseUrl: string) {}

  async ensureCustomer(): Promise<string> {
    return `cus_test_${token()}`;
  }

  async createCheckout(request: CheckoutRequest): Promise<string> {
    this.forgetOld();
    const id = `cs_test_${token()}`;
    this.sessions.set(id, { session: { ...request, id }, createdAt: Date.now() });
    return `${this.baseUrl}/checkout/test/${id}`;
  }

  verifyEvent(): VerifiedEvent {
    return { ok: false, problem: 'signature', reason: 'Stripe is not configured (STRIPE_WEBHOOK_SECRET): the service runs the test-mode checkout' };
  }

  session(id: string): TestCheckoutSession | null {
    return this.sessions.get(id)?.session ?? null;
  }

  /** Ends the session; for `complete`, the events Stripe would send for a paid checkout. */
  finish(id: string, outcome: 'complete' | 'cancel', now: Date): { session: TestCheckoutSession; events: BillingEvent[] } | null {
    const session = this.session(id);
    if (session === null) return null;
    this.sessions.delete(id);
    if (outcome === 'cancel') return { session, events: [] };
    const subscriptionId = `sub_test_${token()}`;
    const m = session.metadata;
    const owner = { userId: m.userId ?? null, productId: m.productId ?? null, workspaceId: m.workspaceId ?? null };
    const periodEnd = new Date(now);
    periodEnd.setUTCMonth(periodEnd.getUTCMonth() + 1);
    return {
      session,
      events: [
        { kind: 'checkout_completed', id: `evt_test_${token()}`, customerId: session.customer, subscriptionId, paid: true, owner },
        {
          kind: 'subscription_changed',
          id: `evt_test_${token()}`,
          customerId: session.customer,
          subscriptionId,
          status: 'active',
          currentPeriodEnd: periodEnd,
          owner,
        },
      ],
    };
  }

  private forgetOld(): void {
    const oldest = Date.now() - SESSION_TTL_MS;
    for (const [id, { createdAt }] of this.sessions) if (createdAt < oldest || this.sessions.size >= MAX_SESSIONS) this.sessions.delete(id);
  }
}

const token = (): string => randomBytes(12).toString('base64url');
