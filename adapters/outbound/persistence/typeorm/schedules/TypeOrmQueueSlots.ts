import { type DataSource } from 'typeorm';
import { type HeldSlot, type QueueSlots } from '../../../../../application/ports/QueueSlots';
import { BOOKING_POST_STATUSES } from '../../../../../domain/post/slotHolders';
import { changedRows, type Dialect, dialectOf, inList, readDate } from '../sql/Dialect';
import { managerOf } from '../transactionContext';

type Raw = Record<string, unknown>;
const heldOf = (row: Raw): HeldSlot => ({ at: new Date(Number(row.slot_at_ms)), postId: String(row.post_id), targetId: String(row.target_id) });

/**
 * The `queue_slots` table: its primary key (connection, instant) decides between two posts
 * asking for one slot at once, the loser's insert ignored so it goes on to the next instant.
 * On MySQL the claims of one connection take turns on its row first: inserts racing for one
 * key would otherwise deadlock (each waits on the other's lock after the first commits).
 */
export class TypeOrmQueueSlots implements QueueSlots {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async claim(hold: { workspaceId: string; connectionId: string; postId: string; targetId: string }, candidates: readonly Date[]): Promise<Date | null> {
    const manager = managerOf(this.dataSource);
    if (!this.d.sqlite) await manager.query(`SELECT id FROM connections WHERE id = ?${this.d.forUpdate}`, [hold.connectionId]);
    const ignore = this.d.sqlite ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
    const sql = `${ignore} INTO queue_slots (connection_id, slot_at_ms, target_id, post_id, workspace_id) VALUES (?, ?, ?, ?, ?)`;
    for (const at of candidates) {
      const taken = await changedRows(manager, sql, [hold.connectionId, at.getTime(), hold.targetId, hold.postId, hold.workspaceId]);
      if (taken === 1) return at;
    }
    return null;
  }

  async heldBetween(connectionId: string, from: Date, to: Date): Promise<HeldSlot[]> {
    const manager = managerOf(this.dataSource);
    const sql = 'SELECT slot_at_ms, post_id, target_id FROM queue_slots WHERE connection_id = ? AND slot_at_ms >= ? AND slot_at_ms < ? ORDER BY slot_at_ms';
    const held = (await manager.query<Raw[]>(sql, [connectionId, from.getTime(), to.getTime()])).map(heldOf);
    // The connection's workspace leads the index on (workspace, connection, calendar_at), which a pending target's due time is.
    const booked = await manager.query<Raw[]>(
      'SELECT t.calendar_at, t.post_id, t.id FROM post_targets t JOIN posts p ON p.id = t.post_id ' +
        'WHERE t.workspace_id = (SELECT workspace_id FROM connections WHERE id = ?) AND t.connection_id = ? AND t.calendar_at >= ? AND t.calendar_at < ? ' +
        `AND t.status IN ('pending', 'publishing') AND p.status IN (${inList(BOOKING_POST_STATUSES.length)})`,
      [connectionId, connectionId, this.d.date(from), this.d.date(to), ...BOOKING_POST_STATUSES],
    );
    const heldAt = new Set(held.map((h) => h.at.getTime()));
    const others = booked
      .map((row): HeldSlot => ({ at: readDate(row.calendar_at)!, postId: String(row.post_id), targetId: String(row.id) }))
      .filter((b) => !heldAt.has(b.at.getTime()));
    return [...held, ...others].sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  async heldBy(postId: string): Promise<HeldSlot[]> {
    const rows = await managerOf(this.dataSource).query<Raw[]>('SELECT slot_at_ms, post_id, target_id FROM queue_slots WHERE post_id = ?', [postId]);
    return rows.map(heldOf);
  }

  async release(targetIds: readonly string[]): Promise<void> {
    if (targetIds.length === 0) return;
    await managerOf(this.dataSource).query(`DELETE FROM queue_slots WHERE target_id IN (${inList(targetIds.length)})`, [...targetIds]);
  }
}
