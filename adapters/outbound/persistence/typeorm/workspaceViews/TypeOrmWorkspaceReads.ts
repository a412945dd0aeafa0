import { type DataSource } from 'typeorm';
import { type FailedTarget, type UpcomingTarget, type WorkspaceReads } from '../../../../../application/ports/workspaceViews/WorkspaceReads';
import { type Platform } from '../../../../../domain/platform/Platform';
import { type PostStatus } from '../../../../../domain/post/PostStatus';
import { type Dialect, dialectOf, readDate } from '../sql/Dialect';
import { readerOf } from '../transactionContext';

type Row = Record<string, unknown>;

const UPCOMING_INDEX = 'idx_post_targets_workspace_status_scheduled';

/**
 * The setup status's and the overview's reads, one statement each, served by indexes on
 * workspace_id (docs/performance.md, "Issue 12: the overview"). Outside a transaction they
 * read SQLite's read-only connection, never waiting for a writer.
 */
export class TypeOrmWorkspaceReads implements WorkspaceReads {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async activePlatforms(workspaceId: string): Promise<Platform[]> {
    const rows = await this.query("SELECT DISTINCT platform FROM connections WHERE workspace_id = ? AND status = 'active' ORDER BY platform", [workspaceId]);
    return rows.map((row) => row.platform as Platform);
  }

  async postCounts(workspaceId: string): Promise<Partial<Record<PostStatus, number>>> {
    const count = this.d.quote('count');
    const rows = await this.query(`SELECT status, ${count} AS n FROM post_counts WHERE workspace_id = ?`, [workspaceId]);
    return Object.fromEntries(rows.map((row) => [row.status as PostStatus, Number(row.n)]));
  }

  /** The targets' index in scheduled order, each post looked up by its key, until five match: never a sort. */
  async upcomingTargets(workspaceId: string, limit: number): Promise<UpcomingTarget[]> {
    const rows = await this.query(
      `SELECT t.id, t.post_id, t.connection_id, t.platform, t.scheduled_at FROM post_targets t ${this.byIndex(UPCOMING_INDEX)} ${this.leftFirst} posts p ON p.id = t.post_id
       WHERE t.workspace_id = ? AND t.status = 'pending' AND t.scheduled_at IS NOT NULL AND p.status IN ('scheduled', 'publishing')
       ORDER BY t.scheduled_at, t.id LIMIT ${Number(limit)}`,
      [workspaceId],
    );
    return rows.map((row) => ({ ...targetOf(row), scheduledAt: readDate(row.scheduled_at)! }));
  }

  /**
   * Failed and partially failed posts, each status read newest first from its index and cut at
   * `limit`, then merged: never a sort of every failure the workspace ever had. A post's targets
   * by its own index: SQLite otherwise took (status, posted_at), every failed target of every
   * workspace for each post (48 ms instead of 0.3 on the bench's seed).
   */
  async recentFailedTargets(workspaceId: string, limit: number): Promise<FailedTarget[]> {
    const n = Number(limit);
    const branch = (alias: string) =>
      `SELECT * FROM (SELECT t.id, t.post_id, t.connection_id, t.platform, t.error, t.position, p.updated_at FROM posts p ${this.leftFirst} post_targets t ${this.byIndex('idx_post_targets_post_position')} ON t.post_id = p.id
       WHERE p.workspace_id = ? AND p.status = ? AND t.status = 'failed' ORDER BY p.updated_at DESC, p.id DESC LIMIT ${n}) ${alias}`;
    const rows = await this.query(`${branch('f')} UNION ALL ${branch('pf')} ORDER BY updated_at DESC, post_id DESC, position LIMIT ${n}`, [
      workspaceId,
      'failed',
      workspaceId,
      'partially_failed',
    ]);
    return rows.map((row) => ({ ...targetOf(row), error: (row.error as string | null) ?? null, failedAt: readDate(row.updated_at)! }));
  }

  /** A join read in the order written, the left table's index driving it (SQLite: CROSS JOIN; MySQL: STRAIGHT_JOIN). */
  /** That index, not one the planner prefers (MariaDB took (status, scheduled_at): every workspace's pending targets). */
  private byIndex(index: string): string {
    return this.d.sqlite ? `INDEXED BY ${index}` : `FORCE INDEX (${index})`;
  }

  private get leftFirst(): string {
    return this.d.sqlite ? 'CROSS JOIN' : 'STRAIGHT_JOIN';
  }

  async memberCount(workspaceId: string): Promise<number> {
    const [row] = await this.query('SELECT COUNT(*) AS n FROM memberships WHERE workspace_id = ?', [workspaceId]);
    return Number(row?.n ?? 0);
  }

  private query(sql: string, params: unknown[]): Promise<Row[]> {
    return readerOf(this.dataSource).query<Row[]>(sql, params);
  }
}

const targetOf = (row: Row) => ({
  postId: row.post_id as string,
  targetId: row.id as string,
  connectionId: row.connection_id as string,
  platform: row.platform as Platform,
});
