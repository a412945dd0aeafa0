import { type DataSource } from 'typeorm';
import { type Collection, type MetricsSnapshot, type PostRef, type TargetMetrics, type TargetMetricsRow } from '../../../../../application/ports/TargetMetrics';
import { firstCollection } from '../../../../../domain/analytics/MetricsSchedule';
import { changedRows, type Dialect, dialectOf, inList, readDate, valuesList } from '../sql/Dialect';
import { inTransaction, managerOf } from '../transactionContext';
import { AnalyticsDays } from './AnalyticsDays';
import { DayChanges } from './analyticsDayCells';
import { countAssignments, METRICS_COLUMNS, type Raw, rowOf, snapshotOf } from './metricsRows';

const HOUR_MS = 3_600_000;

/**
 * The `target_metrics` and `target_metric_snapshots` tables (docs/analytics.md). Claims are
 * conditional updates on the lease, one statement for a batch, so two workers never collect
 * one target at once; a collection's record and its snapshot are one unit of work.
 */
export class TypeOrmTargetMetrics implements TargetMetrics {
  private readonly d: Dialect;
  private readonly days: AnalyticsDays;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
    this.days = new AnalyticsDays(this.d);
  }

  async discover(since: Date, limit: number, only?: PostRef): Promise<number> {
    const manager = managerOf(this.dataSource);
    const onePost = only === undefined ? '' : 'AND t.post_id = ? AND t.workspace_id = ? ';
    const found = await manager.query<Raw[]>(
      'SELECT t.id, t.workspace_id, t.post_id, t.connection_id, t.platform, t.platform_post_id, t.posted_at FROM post_targets t ' +
        `LEFT JOIN target_metrics m ON m.target_id = t.id WHERE t.status = 'published' AND t.posted_at >= ? ${onePost}` +
        'AND t.platform_post_id IS NOT NULL AND m.target_id IS NULL ORDER BY t.posted_at LIMIT ?',
      [this.d.date(since), ...(only === undefined ? [] : [only.postId, only.workspaceId]), limit],
    );
    if (found.length === 0) return 0;
    const rows = found.map((t) => {
      const postedAt = readDate(t.posted_at)!;
      return [t.id, t.workspace_id, t.post_id, t.connection_id, t.platform, t.platform_post_id, postedAt.getTime(), firstCollection(postedAt).getTime(), 0];
    });
    // Two workers finding the same targets at once: the second's rows are already there.
    const ignore = this.d.sqlite ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
    const sql = `${ignore} INTO target_metrics (target_id, workspace_id, post_id, connection_id, platform, platform_post_id, posted_at_ms, next_at_ms, deleted) VALUES ${valuesList(rows.length, 9)}`;
    // The kept days count the targets that are new now, under their posts' locks (AnalyticsDays).
    const postIds = found.map((t) => String(t.post_id));
    return inTransaction(this.dataSource, async (m) => {
      await this.days.lockPosts(m, postIds);
      const before = await this.days.liveTargets(m, postIds);
      const inserted = await changedRows(m, sql, rows.flat());
      const changes = new DayChanges();
      changes.postsChanged(before, await this.days.liveTargets(m, postIds));
      await this.days.apply(m, changes);
      return inserted;
    });
  }

  async claimDue(owner: string, now: Date, leaseMs: number, limit: number): Promise<TargetMetricsRow[]> {
    return inTransaction(this.dataSource, async (m) => {
      const due = await m.query<Raw[]>(
        `SELECT target_id FROM target_metrics WHERE next_at_ms <= ? AND deleted = 0 AND (lease_until_ms IS NULL OR lease_until_ms < ?) ORDER BY next_at_ms LIMIT ?${this.d.sqlite ? '' : ' FOR UPDATE SKIP LOCKED'}`,
        [now.getTime(), now.getTime(), limit],
      );
      if (due.length === 0) return [];
      const ids = due.map((row) => String(row.target_id));
      await m.query(`UPDATE target_metrics SET lease_owner = ?, lease_until_ms = ? WHERE target_id IN (${inList(ids.length)})`, [
        owner,
        now.getTime() + leaseMs,
        ...ids,
      ]);
      return (await m.query<Raw[]>(`SELECT ${METRICS_COLUMNS} FROM target_metrics WHERE target_id IN (${inList(ids.length)}) ORDER BY next_at_ms`, ids)).map(
        rowOf,
      );
    });
  }

  async record(collections: readonly Collection[], owner: string): Promise<void> {
    if (collections.length === 0) return;
    // The kept days (AnalyticsDays): the batch's posts (a target's never changes) locked first,
    // in id order, and their live targets counted before and after.
    const ids = collections.map((c) => c.targetId);
    const posts = await managerOf(this.dataSource).query<Raw[]>(`SELECT post_id FROM target_metrics WHERE target_id IN (${inList(ids.length)})`, ids);
    const postIds = posts.map((r) => String(r.post_id));
    await inTransaction(this.dataSource, async (m) => {
      await this.days.lockPosts(m, postIds);
      const before = await this.days.liveTargets(m, postIds);
      for (const c of collections) {
        const next = c.nextAt?.getTime() ?? null;
        const where = 'WHERE target_id = ? AND lease_owner = ?';
        const { collected } = c;
        if (collected.kind === 'counts') {
          const counts = JSON.stringify(collected.counts);
          const raw = JSON.stringify(collected.raw);
          const [figures, values] = countAssignments(collected.counts);
          const done = 'raw = ?, collected_at_ms = ?, next_at_ms = ?, last_error = NULL, last_error_at_ms = NULL, lease_owner = NULL, lease_until_ms = NULL';
          const updated = await changedRows(m, `UPDATE target_metrics SET ${figures}, ${done} ${where}`, [
            ...values,
            raw,
            c.at.getTime(),
            next,
            c.targetId,
            owner,
          ]);
          // A lease another worker took since: its collection, not this one, is the history.
          if (updated === 0) continue;
          const ignore = this.d.sqlite ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
          await m.query(`${ignore} INTO target_metric_snapshots (target_id, collected_at_ms, connection_id, counts, raw) VALUES (?, ?, ?, ?, ?)`, [
            c.targetId,
            c.at.getTime(),
            c.connectionId,
            counts,
            raw,
          ]);
        } else if (collected.kind === 'deleted') {
          await m.query(`UPDATE target_metrics SET deleted = 1, collected_at_ms = ?, next_at_ms = NULL, lease_owner = NULL, lease_until_ms = NULL ${where}`, [
            c.at.getTime(),
            c.targetId,
            owner,
          ]);
        } else {
          await m.query(`UPDATE target_metrics SET last_error = ?, last_error_at_ms = ?, next_at_ms = ?, lease_owner = NULL, lease_until_ms = NULL ${where}`, [
            collected.reason,
            c.at.getTime(),
            next,
            c.targetId,
            owner,
          ]);
        }
      }
      const changes = new DayChanges();
      changes.postsChanged(before, await this.days.liveTargets(m, postIds));
      await this.days.apply(m, changes);
    });
  }

  async defer(targetIds: readonly string[], owner: string, at: Date): Promise<void> {
    if (targetIds.length === 0) return;
    await managerOf(this.dataSource).query(
      `UPDATE target_metrics SET next_at_ms = ?, lease_owner = NULL, lease_until_ms = NULL WHERE lease_owner = ? AND target_id IN (${inList(targetIds.length)})`,
      [at.getTime(), owner, ...targetIds],
    );
  }

  async spendRead(connectionId: string, now: Date, perHour: number): Promise<Date | null> {
    const m = managerOf(this.dataSource);
    const ignore = this.d.sqlite ? 'INSERT OR IGNORE' : 'INSERT IGNORE';
    await m.query(`${ignore} INTO figure_read_budgets (connection_id, window_start_ms, reads_made) VALUES (?, 0, 0)`, [connectionId]);
    const lapsed = now.getTime() - HOUR_MS;
    // reads_made first: MySQL's later assignments see the earlier ones, SQLite's the old row.
    const spent = await changedRows(
      m,
      'UPDATE figure_read_budgets SET reads_made = CASE WHEN window_start_ms <= ? THEN 1 ELSE reads_made + 1 END, ' +
        'window_start_ms = CASE WHEN window_start_ms <= ? THEN ? ELSE window_start_ms END ' +
        'WHERE connection_id = ? AND (window_start_ms <= ? OR reads_made < ?)',
      [lapsed, lapsed, now.getTime(), connectionId, lapsed, perHour],
    );
    if (spent === 1) return null;
    const [row] = await m.query<Raw[]>('SELECT window_start_ms FROM figure_read_budgets WHERE connection_id = ?', [connectionId]);
    return new Date(Number(row?.window_start_ms ?? now.getTime()) + HOUR_MS);
  }

  async holdConnection(connectionId: string, until: Date): Promise<void> {
    await managerOf(this.dataSource).query(
      'UPDATE target_metrics SET next_at_ms = ? WHERE connection_id = ? AND deleted = 0 AND next_at_ms IS NOT NULL AND next_at_ms < ?',
      [until.getTime(), connectionId, until.getTime()],
    );
  }

  async forPost(workspaceId: string, postId: string): Promise<TargetMetricsRow[]> {
    const sql = `SELECT ${METRICS_COLUMNS} FROM target_metrics WHERE post_id = ? AND workspace_id = ? ORDER BY posted_at_ms, target_id`;
    return (await managerOf(this.dataSource).query<Raw[]>(sql, [postId, workspaceId])).map(rowOf);
  }

  async history(targetIds: readonly string[]): Promise<ReadonlyMap<string, MetricsSnapshot[]>> {
    const byTarget = new Map<string, MetricsSnapshot[]>(targetIds.map((id) => [id, []]));
    if (targetIds.length === 0) return byTarget;
    const rows = await managerOf(this.dataSource).query<Raw[]>(
      `SELECT target_id, collected_at_ms, counts, raw FROM target_metric_snapshots WHERE target_id IN (${inList(targetIds.length)}) ORDER BY collected_at_ms`,
      [...targetIds],
    );
    for (const row of rows) byTarget.get(String(row.target_id))?.push(snapshotOf(row));
    return byTarget;
  }

  async requestRefresh(targetIds: readonly string[], now: Date): Promise<void> {
    if (targetIds.length === 0) return;
    const sql = `UPDATE target_metrics SET next_at_ms = ?, refresh_requested_at_ms = ? WHERE deleted = 0 AND target_id IN (${inList(targetIds.length)})`;
    await managerOf(this.dataSource).query(sql, [now.getTime(), now.getTime(), ...targetIds]);
  }
}
