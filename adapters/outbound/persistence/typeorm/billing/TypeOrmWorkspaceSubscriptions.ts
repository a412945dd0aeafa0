import { type DataSource } from 'typeorm';
import { type WorkspaceSubscriptions } from '../../../../../application/ports/billing/BillingAccounts';
import { type WorkspaceSubscription } from '../../../../../domain/billing/Subscription';
import { type Dialect, dialectOf, readDate } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const COLUMNS = 'workspace_id, customer_id, subscription_id, plan, status, updated_at';

/** The `workspace_subscriptions` table: a workspace's plan once it had a checkout. */
export class TypeOrmWorkspaceSubscriptions implements WorkspaceSubscriptions {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  find(workspaceId: string): Promise<WorkspaceSubscription | null> {
    return this.one('workspace_id = ?', workspaceId);
  }

  findBySubscription(subscriptionId: string): Promise<WorkspaceSubscription | null> {
    return this.one('subscription_id = ?', subscriptionId);
  }

  async save(s: WorkspaceSubscription): Promise<void> {
    const upsert = this.d.sqlite
      ? `INSERT INTO workspace_subscriptions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (workspace_id) DO UPDATE SET customer_id = excluded.customer_id, subscription_id = excluded.subscription_id, plan = excluded.plan, status = excluded.status, updated_at = excluded.updated_at`
      : `INSERT INTO workspace_subscriptions (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE customer_id = VALUES(customer_id), subscription_id = VALUES(subscription_id), plan = VALUES(plan), status = VALUES(status), updated_at = VALUES(updated_at)`;
    await managerOf(this.dataSource).query(upsert, [s.workspaceId, s.customerId, s.subscriptionId, s.plan, s.status, this.d.date(s.updatedAt)]);
  }

  private async one(where: string, value: string): Promise<WorkspaceSubscription | null> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(`SELECT ${COLUMNS} FROM workspace_subscriptions WHERE ${where}`, [
      value,
    ]);
    const row = rows[0];
    if (row === undefined) return null;
    return {
      workspaceId: row.workspace_id as string,
      customerId: (row.customer_id as string | null) ?? null,
      subscriptionId: (row.subscription_id as string | null) ?? null,
      plan: row.plan as string,
      status: row.status as WorkspaceSubscription['status'],
      updatedAt: readDate(row.updated_at)!,
    };
  }
}
