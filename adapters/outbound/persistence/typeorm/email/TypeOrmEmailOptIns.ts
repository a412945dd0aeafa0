import { type DataSource } from 'typeorm';
import { type EmailOptInStore } from '../../../../../application/ports/EmailPreferences';
import { type EmailOptIns } from '../../../../../domain/email/EmailOptIns';
import { type Dialect, dialectOf } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

const COLUMNS = 'user_id, product_lifecycle_enabled, marketing_enabled, updated_at';

/** The `email_preferences` table: one row per person who ever chose; none means the defaults. */
export class TypeOrmEmailOptIns implements EmailOptInStore {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async find(userId: string): Promise<EmailOptIns | null> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(
      'SELECT product_lifecycle_enabled, marketing_enabled FROM email_preferences WHERE user_id = ?',
      [userId],
    );
    const row = rows[0];
    if (row === undefined) return null;
    return { productLifecycleEnabled: Boolean(Number(row.product_lifecycle_enabled)), marketingEnabled: Boolean(Number(row.marketing_enabled)) };
  }

  async save(userId: string, optIns: EmailOptIns, updatedAt: Date): Promise<void> {
    const upsert = this.d.sqlite
      ? `INSERT INTO email_preferences (${COLUMNS}) VALUES (?, ?, ?, ?) ON CONFLICT (user_id) DO UPDATE SET product_lifecycle_enabled = excluded.product_lifecycle_enabled, marketing_enabled = excluded.marketing_enabled, updated_at = excluded.updated_at`
      : `INSERT INTO email_preferences (${COLUMNS}) VALUES (?, ?, ?, ?) ON DUPLICATE KEY UPDATE product_lifecycle_enabled = VALUES(product_lifecycle_enabled), marketing_enabled = VALUES(marketing_enabled), updated_at = VALUES(updated_at)`;
    // Booleans travel as 1 and 0: better-sqlite3 binds no JavaScript boolean.
    await managerOf(this.dataSource).query(upsert, [userId, optIns.productLifecycleEnabled ? 1 : 0, optIns.marketingEnabled ? 1 : 0, this.d.date(updatedAt)]);
  }
}
