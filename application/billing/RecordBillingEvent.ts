import { findProduct, type Product } from '../../domain/billing/Product';
import { type BillingAccount, isSubscribed, type SubscriptionStatus } from '../../domain/billing/Subscription';
import { type Clock } from '../ports/Clock';
import { type BillingAccounts, type WorkspaceSubscriptions } from '../ports/billing/BillingAccounts';
import { type BillingEvent, type BillingOwner } from '../ports/billing/PaymentProvider';

/** Until the provider reports the period, a paid checkout is taken to run for this long. */
const FIRST_PERIOD_MS = 31 * 24 * 60 * 60 * 1000;

type Change = { readonly status: SubscriptionStatus; readonly currentPeriodEnd: Date | null };

/**
 * Applies a verified billing event to the person's transcription plan or the workspace's plan
 * (docs/decisions.md, "The account surface"). The owner comes from the checkout's metadata,
 * which the subscription carries too; failing that, from what an earlier event recorded under
 * the subscription id. The webhook route calls it once per event id (actOnce); so does the
 * test-mode checkout page, with the events a Stripe checkout would send.
 */
export class RecordBillingEvent {
  constructor(
    private readonly accounts: BillingAccounts,
    private readonly workspaces: WorkspaceSubscriptions,
    private readonly clock: Clock,
    private readonly products: readonly Product[],
  ) {}

  async execute(event: BillingEvent): Promise<void> {
    switch (event.kind) {
      case 'checkout_completed': {
        const change = { status: event.paid ? 'active' : 'incomplete', currentPeriodEnd: null } as const;
        return this.apply(event.owner, event.customerId, event.subscriptionId, change);
      }
      case 'subscription_changed':
        return this.apply(event.owner, event.customerId, event.subscriptionId, event);
      case 'invoice_paid':
      case 'invoice_failed': {
        const status = event.kind === 'invoice_paid' ? 'active' : 'past_due';
        return this.apply(NO_OWNER, event.customerId, event.subscriptionId, { status, currentPeriodEnd: null });
      }
      case 'ignored':
        return;
    }
  }

  private async apply(owner: BillingOwner, customerId: string, subscriptionId: string, change: Change): Promise<void> {
    const product = owner.productId === null ? null : findProduct(this.products, owner.productId);
    if (product?.kind === 'workspace' && owner.workspaceId !== null)
      return this.applyToWorkspace(owner.workspaceId, product.plan, customerId, subscriptionId, change);
    if (product?.kind === 'transcriptions' && owner.userId !== null) return this.applyToPerson(owner.userId, product.id, customerId, subscriptionId, change);
    // No usable metadata (an invoice): whoever already holds this subscription.
    const workspace = await this.workspaces.findBySubscription(subscriptionId);
    if (workspace !== null) return this.applyToWorkspace(workspace.workspaceId, workspace.plan, customerId, subscriptionId, change);
    const account = await this.accounts.findByCustomer(customerId);
    if (account?.subscription?.id === subscriptionId) {
      return this.applyToPerson(account.userId, account.subscription.productId, customerId, subscriptionId, change);
    }
  }

  private async applyToWorkspace(workspaceId: string, plan: string, customerId: string, subscriptionId: string, change: Change): Promise<void> {
    const current = await this.workspaces.find(workspaceId);
    if (supersedes(current?.subscriptionId ?? null, current !== null && current.status !== 'none' && isSubscribed(current.status), subscriptionId, change))
      return;
    await this.workspaces.save({ workspaceId, customerId, subscriptionId, plan, status: change.status, updatedAt: this.clock.now() });
  }

  private async applyToPerson(userId: string, productId: string, customerId: string, subscriptionId: string, change: Change): Promise<void> {
    const now = this.clock.now();
    const account = await this.accounts.find(userId);
    const held = account?.subscription ?? null;
    if (supersedes(held?.id ?? null, held !== null && isSubscribed(held.status), subscriptionId, change)) return;
    const before = held?.id === subscriptionId ? held : null;
    const currentPeriodEnd = change.currentPeriodEnd ?? before?.currentPeriodEnd ?? new Date(now.getTime() + FIRST_PERIOD_MS);
    const saved: BillingAccount = {
      userId,
      customerId: account?.customerId ?? customerId,
      subscription: { id: subscriptionId, productId, status: change.status, currentPeriodEnd },
      updatedAt: now,
    };
    await this.accounts.save(saved);
  }
}

const NO_OWNER: BillingOwner = { userId: null, productId: null, workspaceId: null };

/** An older subscription ending never takes the place of a newer one that is still running. */
const supersedes = (heldId: string | null, heldRunning: boolean, subscriptionId: string, change: Change): boolean =>
  heldId !== null && heldId !== subscriptionId && heldRunning && !isSubscribed(change.status);
