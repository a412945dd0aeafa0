import { type DataSource } from 'typeorm';
import { PostingSchedule, type WeeklySlot } from '../../../../../domain/schedule/PostingSchedule';
import { type PostingScheduleRepository } from '../../../../../domain/schedule/PostingScheduleRepository';
import { type Dialect, dialectOf, readJson } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

/** The `connection_schedules` table: one row per connection that has a schedule. */
export class TypeOrmPostingSchedules implements PostingScheduleRepository {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async find(connectionId: string): Promise<PostingSchedule | null> {
    const sql = 'SELECT connection_id, time_zone, slots, updated_at_ms FROM connection_schedules WHERE connection_id = ?';
    const [row] = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(sql, [connectionId]);
    if (row === undefined) return null;
    return PostingSchedule.rehydrate({
      connectionId: String(row.connection_id),
      timeZone: String(row.time_zone),
      slots: readJson(row.slots) as WeeklySlot[],
      updatedAt: new Date(Number(row.updated_at_ms)),
    });
  }

  /** One statement: two first saves at once never collide on the key. */
  async save(schedule: PostingSchedule): Promise<void> {
    const { connectionId, timeZone, slots, updatedAt } = schedule.toSnapshot();
    const upsert = this.d.sqlite
      ? 'ON CONFLICT (connection_id) DO UPDATE SET time_zone = excluded.time_zone, slots = excluded.slots, updated_at_ms = excluded.updated_at_ms'
      : 'ON DUPLICATE KEY UPDATE time_zone = VALUES(time_zone), slots = VALUES(slots), updated_at_ms = VALUES(updated_at_ms)';
    const sql = `INSERT INTO connection_schedules (connection_id, time_zone, slots, updated_at_ms) VALUES (?, ?, ?, ?) ${upsert}`;
    await managerOf(this.dataSource).query(sql, [connectionId, timeZone, JSON.stringify(slots), (updatedAt ?? new Date(0)).getTime()]);
  }
}
