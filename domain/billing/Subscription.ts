/**
 * A subscription as the payment provider reports it (Stripe's statuses). `active` and
 * `trialing` are paid-up; `past_due` is still subscribed while the provider retries the
 * payment; the others are not subscribed (docs/decisions.md, "The account surface").
 */
export const SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due', 'unpaid', 'canceled', 'incomplete', 'incomplete_expired', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const isSubscribed = (status: SubscriptionStatus | null): boolean => status === 'active' || status === 'trialing' || status === 'past_due';
export const isPaidUp = (status: SubscriptionStatus | null): boolean => status === 'active' || status === 'trialing';

/** A person's transcription plan: who pays (the provider's customer), and what the plan allows. */
export interface BillingAccount {
  readonly userId: string;
  /** The payment provider's customer, created once at the first checkout and remembered. */
  readonly customerId: string | null;
  readonly subscription: {
    readonly id: string;
    readonly productId: string;
    readonly status: SubscriptionStatus;
    readonly currentPeriodEnd: Date;
  } | null;
  readonly updatedAt: Date;
}

/** A workspace's plan, for the setup status: `paid` when its subscription is paid-up. */
export interface WorkspaceSubscription {
  readonly workspaceId: string;
  readonly customerId: string | null;
  readonly subscriptionId: string | null;
  readonly plan: string;
  readonly status: SubscriptionStatus | 'none';
  readonly updatedAt: Date;
}

export const FREE_PLAN = 'free';
export const noWorkspaceSubscription = (workspaceId: string, now: Date): WorkspaceSubscription => ({
  workspaceId,
  customerId: null,
  subscriptionId: null,
  plan: FREE_PLAN,
  status: 'none',
  updatedAt: now,
});
