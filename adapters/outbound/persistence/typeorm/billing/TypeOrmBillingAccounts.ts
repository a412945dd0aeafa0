import { type DataSource } from 'typeorm';
import { type BillingAccounts } from '../../../../../application/ports/billing/BillingAccounts';
import { type BillingAccount, type SubscriptionStatus } from '../../../../../domain/billing/Subscription';
import { type Dialect, dialectOf, readDate } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const COLUMNS = 'user_id, customer_id, subscription_id, product_id, status, current_period_end, updated_at';

/** The `billing_accounts` table: one row per person who ever went to checkout. */
export class TypeOrmBillingAccounts implements BillingAccounts {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  find(userId: string): Promise<BillingAccount | null> {
    return this.one('user_id = ?', userId);
  }

  findByCustomer(customerId: string): Promise<BillingAccount | null> {
    return this.one('customer_id = ?', customerId);
  }

  async save(a: BillingAccount): Promise<void> {
    const s = a.subscription;
    const values = [
      a.customerId,
      s?.id ?? null,
      s?.productId ?? null,
      s?.status ?? null,
      this.d.dateOrNull(s?.currentPeriodEnd ?? null),
      this.d.date(a.updatedAt),
    ];
    const manager = managerOf(this.dataSource);
    const upsert = this.d.sqlite
      ? `INSERT INTO billing_accounts (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET customer_id = excluded.customer_id, subscription_id = excluded.subscription_id, product_id = excluded.product_id, status = excluded.status, current_period_end = excluded.current_period_end, updated_at = excluded.updated_at`
      : `INSERT INTO billing_accounts (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?) ON DUPLICATE KEY UPDATE customer_id = VALUES(customer_id), subscription_id = VALUES(subscription_id), product_id = VALUES(product_id), status = VALUES(status), current_period_end = VALUES(current_period_end), updated_at = VALUES(updated_at)`;
    await manager.query(upsert, [a.userId, ...values]);
  }

  private async one(where: string, value: string): Promise<BillingAccount | null> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(`SELECT ${COLUMNS} FROM billing_accounts WHERE ${where}`, [value]);
    const row = rows[0];
    if (row === undefined) return null;
    const subscriptionId = row.subscription_id as string | null;
    return {
      userId: row.user_id as string,
      customerId: (row.customer_id as string | null) ?? null,
      subscription:
        subscriptionId === null
          ? null
          : {
              id: subscriptionId,
              productId: row.product_id as string,
              status: row.status as SubscriptionStatus,
              currentPeriodEnd: readDate(row.current_period_end)!,
            },
      updatedAt: readDate(row.updated_at)!,
    };
  }
}
