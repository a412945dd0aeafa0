import { type BillingAccount, type WorkspaceSubscription } from '../../../domain/billing/Subscription';

/** People's billing accounts (transcription plans), written by checkout and the provider's events. */
export interface BillingAccounts {
  find(userId: string): Promise<BillingAccount | null>;
  findByCustomer(customerId: string): Promise<BillingAccount | null>;
  save(account: BillingAccount): Promise<void>;
}

/** Workspaces' plans, written by the provider's events; a workspace with none is on the free plan. */
export interface WorkspaceSubscriptions {
  find(workspaceId: string): Promise<WorkspaceSubscription | null>;
  findBySubscription(subscriptionId: string): Promise<WorkspaceSubscription | null>;
  save(subscription: WorkspaceSubscription): Promise<void>;
}
