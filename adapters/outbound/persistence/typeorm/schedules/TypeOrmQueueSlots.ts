import { type DataSource } from 'typeorm';
import { type HeldSlot, type QueueSlots } from '../../../../../application/ports/QueueSlots';
import { changedRows, type Dialect, dialectOf, inList } from '../sql/Dialect';
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
    const sql = 'SELECT slot_at_ms, post_id, target_id FROM queue_slots WHERE connection_id = ? AND slot_at_ms >= ? AND slot_at_ms < ? ORDER BY slot_at_ms';
    return (await managerOf(this.dataSource).query<Raw[]>(sql, [connectionId, from.getTime(), to.getTime()])).map(heldOf);
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
