import { type Product } from '../../domain/billing/Product';
import { type BillingAccount, isPaidUp, isSubscribed } from '../../domain/billing/Subscription';
import { freeMonth, paidPeriod, type QuotaPeriod } from '../../domain/transcription/QuotaPeriod';
import { type BillingAccounts } from '../ports/billing/BillingAccounts';
import { type Clock } from '../ports/Clock';

export interface QuotaSettings {
  readonly products: readonly Product[];
  readonly freeMonthlyTranscriptions: number;
}

type TranscriptionProduct = Extract<Product, { kind: 'transcriptions' }>;

export interface PersonQuota {
  readonly period: QuotaPeriod;
  readonly account: BillingAccount | null;
  readonly subscribed: boolean;
  readonly paidUp: boolean;
  /** The subscribed plan, or else the first plan on sale (what subscribing would give); null if none. */
  readonly plan: TranscriptionProduct | null;
}

/**
 * Which period and limit apply to a person now (docs/decisions.md, "The account surface"): a
 * subscribed transcription plan counts to its hard limit within the subscription's period;
 * anyone else gets the free monthly limit within the calendar month (UTC).
 */
export class TranscriptionQuota {
  constructor(
    private readonly accounts: BillingAccounts,
    private readonly clock: Clock,
    private readonly settings: QuotaSettings,
  ) {}

  async of(userId: string): Promise<PersonQuota> {
    const now = this.clock.now();
    const account = await this.accounts.find(userId);
    const subscription = account?.subscription ?? null;
    const subscribedPlan = subscription === null ? null : this.planOf(subscription.productId);
    const subscribed = subscribedPlan !== null && isSubscribed(subscription!.status);
    const period =
      subscribed && subscribedPlan !== null
        ? paidPeriod(subscription!.currentPeriodEnd, now, subscribedPlan.hardLimit)
        : freeMonth(now, this.settings.freeMonthlyTranscriptions);
    const plan = subscribed ? subscribedPlan : this.firstPlan();
    return { period, account, subscribed, paidUp: subscribed && isPaidUp(subscription!.status), plan };
  }

  private planOf(productId: string): TranscriptionProduct | null {
    const p = this.settings.products.find((x) => x.id === productId);
    return p !== undefined && p.kind === 'transcriptions' ? p : null;
  }

  private firstPlan(): TranscriptionProduct | null {
    return (this.settings.products.find((p) => p.kind === 'transcriptions') as TranscriptionProduct | undefined) ?? null;
  }
}
