import { type DataSource } from 'typeorm';
import { type AttemptLog, COUNTED_OUTCOMES, type PublishAttempt } from '../../../../../application/ports/AttemptLog';
import { PublishAttemptMapper } from '../mappers/PublishAttemptMapper';
import { requireDate } from '../mappers/RowMappingError';
import { type Dialect, dialectOf, inList, readDate } from '../sql/Dialect';
import { inTransaction, managerOf } from '../transactionContext';

const COLUMNS =
  'id, workspace_id, post_id, target_id, connection_id, attempt, segment_index, started_at, finished_at, outcome, error, status_code, platform_post_id, read_back';

/**
 * The publish_attempts table. A record joins the unit of work that records the call's
 * outcome (or opens its own statement outside one), so the log and the target agree.
 */
export class TypeOrmAttemptLog implements AttemptLog {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async record(a: PublishAttempt): Promise<void> {
    const params = [
      a.id,
      a.workspaceId,
      a.postId,
      a.targetId,
      a.connectionId,
      a.attempt,
      a.segmentIndex,
      this.d.dateOrNull(a.startedAt),
      this.d.date(a.finishedAt),
      a.outcome,
      a.error,
      a.statusCode,
      a.platformPostId,
      a.readBack ? 1 : 0,
    ];
    await inTransaction(this.dataSource, (m) => m.query(`INSERT INTO publish_attempts (${COLUMNS}) VALUES (${inList(params.length)})`, params));
  }

  async listForTarget(workspaceId: string, targetId: string): Promise<PublishAttempt[]> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(
      `SELECT ${COLUMNS} FROM publish_attempts WHERE target_id = ? AND workspace_id = ? ORDER BY finished_at, id`,
      [targetId, workspaceId],
    );
    return rows.map(PublishAttemptMapper.toAttempt);
  }

  async hasCallFor(targetId: string, segmentIndex: number): Promise<boolean> {
    const rows = await managerOf(this.dataSource).query<unknown[]>('SELECT 1 FROM publish_attempts WHERE target_id = ? AND segment_index = ? LIMIT 1', [
      targetId,
      segmentIndex,
    ]);
    return rows.length > 0;
  }

  async postsAfter(connectionId: string, after: Date): Promise<Date[]> {
    const rows = await managerOf(this.dataSource).query<Array<Record<string, unknown>>>(
      `SELECT id, finished_at FROM publish_attempts WHERE connection_id = ? AND finished_at > ? AND segment_index = 0 ` +
        `AND outcome IN (${inList(COUNTED_OUTCOMES.length)}) ORDER BY finished_at`,
      [connectionId, this.d.date(after), ...COUNTED_OUTCOMES],
    );
    return rows.map((row) => requireDate(readDate(row.finished_at), { table: 'publish_attempts', key: row.id as string, column: 'finished_at' }));
  }
}
