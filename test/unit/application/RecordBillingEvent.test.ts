import { expect } from 'chai';
import { RecordBillingEvent } from '../../../application/billing/RecordBillingEvent';
import { MemoryBillingAccounts, MemoryWorkspaceSubscriptions } from '../../../adapters/outbound/persistence/memory/MemoryBilling';
import { DEFAULT_PRODUCTS } from '../../../config/billingConfig';

const NOW = new Date('2026-03-01T00:00:00Z');
const person = { userId: 'u1', productId: 'transcriptions-pro', workspaceId: null };
const workspace = { userId: 'u1', productId: 'workspace-pro', workspaceId: 'w1' };

describe('RecordBillingEvent', () => {
  let accounts: MemoryBillingAccounts;
  let workspaces: MemoryWorkspaceSubscriptions;
  let record: RecordBillingEvent;

  beforeEach(() => {
    accounts = new MemoryBillingAccounts();
    workspaces = new MemoryWorkspaceSubscriptions();
    record = new RecordBillingEvent(accounts, workspaces, { now: () => NOW }, DEFAULT_PRODUCTS);
  });

  it('a paid checkout makes the plan active for a first period, until a subscription event gives the real one', async () => {
    await record.execute({ kind: 'checkout_completed', id: 'e1', customerId: 'cus_1', subscriptionId: 'sub_1', paid: true, owner: person });
    expect((await accounts.find('u1'))!.subscription).to.deep.equal({
      id: 'sub_1',
      productId: 'transcriptions-pro',
      status: 'active',
      currentPeriodEnd: new Date('2026-04-01T00:00:00Z'),
    });
    const end = new Date('2026-03-28T00:00:00Z');
    await record.execute({
      kind: 'subscription_changed',
      id: 'e2',
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      status: 'active',
      currentPeriodEnd: end,
      owner: person,
    });
    expect((await accounts.find('u1'))!.subscription!.currentPeriodEnd).to.deep.equal(end);
  });

  it('an unpaid checkout is incomplete, not subscribed', async () => {
    await record.execute({ kind: 'checkout_completed', id: 'e1', customerId: 'cus_1', subscriptionId: 'sub_1', paid: false, owner: workspace });
    expect(await workspaces.find('w1')).to.include({ status: 'incomplete', plan: 'pro' });
  });

  it('an older subscription ending does not replace a newer one that is running', async () => {
    await record.execute({ kind: 'checkout_completed', id: 'e1', customerId: 'cus_1', subscriptionId: 'sub_new', paid: true, owner: workspace });
    await record.execute({
      kind: 'subscription_changed',
      id: 'e2',
      customerId: 'cus_1',
      subscriptionId: 'sub_old',
      status: 'canceled',
      currentPeriodEnd: null,
      owner: workspace,
    });
    expect(await workspaces.find('w1')).to.include({ status: 'active', subscriptionId: 'sub_new' });
  });

  it('an invoice finds its owner by the subscription recorded before; one for an unknown subscription changes nothing', async () => {
    await record.execute({ kind: 'checkout_completed', id: 'e1', customerId: 'cus_1', subscriptionId: 'sub_1', paid: true, owner: workspace });
    await record.execute({ kind: 'invoice_failed', id: 'e2', customerId: 'cus_1', subscriptionId: 'sub_1' });
    expect(await workspaces.find('w1')).to.include({ status: 'past_due' });
    await record.execute({ kind: 'invoice_paid', id: 'e3', customerId: 'cus_9', subscriptionId: 'sub_9' });
    expect(await accounts.find('u1')).to.equal(null);
    expect(await workspaces.findBySubscription('sub_9')).to.equal(null);
  });
});
