import { type DataSource } from 'typeorm';
import { type TranscriptionUsage } from '../../../../../application/ports/transcription/Transcriptions';
import { changedRows, dialectOf } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

/**
 * The `transcription_usage` table, one row per person and period. A slot is taken by one
 * conditional UPDATE (used < limit): the database serialises concurrent ones on the row, so
 * the count never passes the limit on SQLite or MySQL.
 */
export class TypeOrmTranscriptionUsage implements TranscriptionUsage {
  constructor(private readonly dataSource: DataSource) {}

  async used(userId: string, periodKey: string): Promise<number> {
    const rows = await managerOf(this.dataSource).query<Array<{ used: unknown }>>('SELECT used FROM transcription_usage WHERE user_id = ? AND period_key = ?', [
      userId,
      periodKey,
    ]);
    return rows[0] === undefined ? 0 : Number(rows[0].used);
  }

  async reserve(userId: string, periodKey: string, limit: number): Promise<boolean> {
    const m = managerOf(this.dataSource);
    const ignore = dialectOf(this.dataSource).sqlite ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
    await m.query(`${ignore} INTO transcription_usage (user_id, period_key, used) VALUES (?, ?, 0)`, [userId, periodKey]);
    const taken = await changedRows(m, 'UPDATE transcription_usage SET used = used + 1 WHERE user_id = ? AND period_key = ? AND used < ?', [
      userId,
      periodKey,
      limit,
    ]);
    return taken === 1;
  }

  async release(userId: string, periodKey: string): Promise<void> {
    await managerOf(this.dataSource).query('UPDATE transcription_usage SET used = used - 1 WHERE user_id = ? AND period_key = ? AND used > 0', [
      userId,
      periodKey,
    ]);
  }
}
