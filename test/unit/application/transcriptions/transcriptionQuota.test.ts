import { expect } from 'chai';
import { TranscriptionQuota } from '../../../../application/transcriptions/TranscriptionQuota';
import { MemoryBillingAccounts } from '../../../../adapters/outbound/persistence/memory/MemoryBilling';
import { DEFAULT_PRODUCTS } from '../../../../config/billingConfig';
import { type SubscriptionStatus } from '../../../../domain/billing/Subscription';

const NOW = new Date('2026-11-23T12:00:00.000Z');
const PERIOD_END = new Date('2026-12-10T00:00:00.000Z');

async function quotaWith(status: SubscriptionStatus | null, productId = 'transcriptions-pro') {
  const accounts = new MemoryBillingAccounts();
  if (status !== null) {
    await accounts.save({
      userId: 'u1',
      customerId: 'cus_1',
      subscription: { id: 'sub_1', productId, status, currentPeriodEnd: PERIOD_END },
      updatedAt: NOW,
    });
  }
  return new TranscriptionQuota(accounts, { now: () => NOW }, { products: DEFAULT_PRODUCTS, freeMonthlyTranscriptions: 10 }).of('u1');
}

describe('TranscriptionQuota', () => {
  it('without a plan: the free limit within the calendar month', async () => {
    const q = await quotaWith(null);
    expect(q.period).to.deep.equal({ key: 'free:2026-11', end: new Date('2026-12-01T00:00:00.000Z'), limit: 10 });
    expect(q).to.include({ subscribed: false, paidUp: false });
    expect(q.plan?.hardLimit).to.equal(150);
  });

  it("active: the plan's hard limit within the subscription's period, paid up", async () => {
    const q = await quotaWith('active');
    expect(q.period).to.include({ limit: 150 });
    expect(q.period.end).to.deep.equal(PERIOD_END);
    expect(q).to.include({ subscribed: true, paidUp: true });
  });

  it('past_due: still subscribed (the hard limit applies) but not paid up', async () => {
    const q = await quotaWith('past_due');
    expect(q.period.limit).to.equal(150);
    expect(q).to.include({ subscribed: true, paidUp: false });
  });

  it('canceled, or a workspace product: back to the free limit', async () => {
    for (const q of [await quotaWith('canceled'), await quotaWith('active', 'workspace-pro')]) {
      expect(q.period).to.include({ key: 'free:2026-11', limit: 10 });
      expect(q.subscribed).to.equal(false);
    }
  });
});
