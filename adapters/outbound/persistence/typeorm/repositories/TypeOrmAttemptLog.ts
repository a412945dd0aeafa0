import { type DataSource, type EntityManager } from 'typeorm';
import { type AttemptLog, COUNTED_OUTCOMES, type PublishAttempt } from '../../../../../application/ports/AttemptLog';
import { PublishAttemptMapper } from '../mappers/PublishAttemptMapper';
import { requireDate } from '../mappers/RowMappingError';
import { type Dialect, dialectOf, inList, readDate, valuesList } from '../sql/Dialect';
import { atCommit, inTransaction, isSetWise, managerOf } from '../transactionContext';

const COLUMNS =
  'id, workspace_id, post_id, target_id, connection_id, attempt, segment_index, started_at, finished_at, outcome, error, status_code, platform_post_id, read_back';

const COLUMN_COUNT = COLUMNS.split(',').length;

/**
 * The publish_attempts table. A record joins the unit of work that records the call's
 * outcome (or opens its own statement outside one), so the log and the target agree. In a
 * set-wise unit (a round's outcomes) the rows wait for its commit and go in one INSERT; a
 * read of the log in that unit sends them first, so it sees them.
 */
export class TypeOrmAttemptLog implements AttemptLog {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async record(a: PublishAttempt): Promise<void> {
    const params = this.paramsOf(a);
    await inTransaction(this.dataSource, async (m) => {
      const waiting = isSetWise(m) ? atCommit(m, this, () => this.waitingRows(m)) : null;
      if (waiting === null) await m.query(`INSERT INTO publish_attempts (${COLUMNS}) VALUES (${inList(params.length)})`, params);
      else waiting.push(params);
    });
  }

  private waitingRows(m: EntityManager): { state: unknown[][]; run: () => Promise<void> } {
    const rows: unknown[][] = [];
    return { state: rows, run: () => this.insertWaiting(m, rows) };
  }

  /** The rows a set-wise unit holds back, in one INSERT (then none: a second call sends nothing). */
  private async insertWaiting(m: EntityManager, rows: unknown[][]): Promise<void> {
    if (rows.length === 0) return;
    const taken = rows.splice(0);
    await m.query(`INSERT INTO publish_attempts (${COLUMNS}) VALUES ${valuesList(taken.length, COLUMN_COUNT)}`, taken.flat());
  }

  /** Before a read: the rows this unit holds back are written, so the read sees them. */
  private async reader(): Promise<EntityManager> {
    const m = managerOf(this.dataSource);
    const waiting = isSetWise(m) ? atCommit<unknown[][]>(m, this, () => this.waitingRows(m)) : null;
    if (waiting !== null) await this.insertWaiting(m, waiting);
    return m;
  }

  private paramsOf(a: PublishAttempt): unknown[] {
    return [
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
  }

  async listForTarget(workspaceId: string, targetId: string): Promise<PublishAttempt[]> {
    const rows = await (await this.reader()).query<Array<Record<string, unknown>>>(
      `SELECT ${COLUMNS} FROM publish_attempts WHERE target_id = ? AND workspace_id = ? ORDER BY finished_at, id`,
      [targetId, workspaceId],
    );
    return rows.map(PublishAttemptMapper.toAttempt);
  }

  async hasCallFor(targetId: string, segmentIndex: number): Promise<boolean> {
    const rows = await (await this.reader()).query<unknown[]>('SELECT 1 FROM publish_attempts WHERE target_id = ? AND segment_index = ? LIMIT 1', [
      targetId,
      segmentIndex,
    ]);
    return rows.length > 0;
  }

  async postsAfter(connectionId: string, after: Date): Promise<Date[]> {
    const rows = await (await this.reader()).query<Array<Record<string, unknown>>>(
      `SELECT id, finished_at FROM publish_attempts WHERE connection_id = ? AND finished_at > ? AND segment_index = 0 ` +
        `AND outcome IN (${inList(COUNTED_OUTCOMES.length)}) ORDER BY finished_at`,
      [connectionId, this.d.date(after), ...COUNTED_OUTCOMES],
    );
    return rows.map((row) => requireDate(readDate(row.finished_at), { table: 'publish_attempts', key: row.id as string, column: 'finished_at' }));
  }
}
