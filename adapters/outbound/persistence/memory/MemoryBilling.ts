import { type BillingAccounts, type WorkspaceSubscriptions } from '../../../../application/ports/billing/BillingAccounts';
import { type BillingAccount, type WorkspaceSubscription } from '../../../../domain/billing/Subscription';

/** Billing accounts in this process's memory: for the unit tests. */
export class MemoryBillingAccounts implements BillingAccounts {
  private readonly accounts = new Map<string, BillingAccount>();

  async find(userId: string): Promise<BillingAccount | null> {
    return this.accounts.get(userId) ?? null;
  }

  async findByCustomer(customerId: string): Promise<BillingAccount | null> {
    return [...this.accounts.values()].find((a) => a.customerId === customerId) ?? null;
  }

  async save(account: BillingAccount): Promise<void> {
    this.accounts.set(account.userId, structuredClone(account));
  }
}

/** Workspace plans in this process's memory: for the unit tests. */
export class MemoryWorkspaceSubscriptions implements WorkspaceSubscriptions {
  private readonly subscriptions = new Map<string, WorkspaceSubscription>();

  async find(workspaceId: string): Promise<WorkspaceSubscription | null> {
    return this.subscriptions.get(workspaceId) ?? null;
  }

  async findBySubscription(subscriptionId: string): Promise<WorkspaceSubscription | null> {
    return [...this.subscriptions.values()].find((s) => s.subscriptionId === subscriptionId) ?? null;
  }

  async save(subscription: WorkspaceSubscription): Promise<void> {
    this.subscriptions.set(subscription.workspaceId, structuredClone(subscription));
  }
}
