import { type EntityManager } from 'typeorm';
import { COUNT_NAMES } from '../../../../../domain/analytics/PostCounts';
import { type Dialect, inList, valuesList } from '../sql/Dialect';
import { DayChanges, dayNumberOf, type LiveTarget, type PostLink } from './analyticsDayCells';
import { type Raw } from './metricsRows';

const SUM_COLUMNS = COUNT_NAMES.map((name) => `s_${name}`);
const REPORTED_COLUMNS = COUNT_NAMES.map((name) => `n_${name}`);
const ADDED = ['posts', 'targets', ...SUM_COLUMNS, ...REPORTED_COLUMNS];
export const LIVE_TARGET_COLUMNS = `target_id, workspace_id, post_id, connection_id, platform, posted_at_ms, ${COUNT_NAMES.join(', ')}`;
const CHUNK = 200;

export const liveTargetOf = (row: Raw): LiveTarget => ({
  targetId: String(row.target_id),
  workspaceId: String(row.workspace_id),
  postId: String(row.post_id),
  connectionId: String(row.connection_id),
  platform: String(row.platform),
  day: dayNumberOf(Number(row.posted_at_ms)),
  figures: COUNT_NAMES.map((name) => (row[name] === null || row[name] === undefined ? null : Number(row[name]))),
});

/**
 * The analytics' kept days (analytics_days, analytics_post_links; docs/performance.md, "Issue
 * 22: analytics"), changed in the transaction of every write that changes a live target:
 * discovered, its figures recorded, found deleted, or its post removed. The order of locks, so
 * that two writers never wait for each other: the posts whose targets come or go (their posts
 * rows, in id order), then target_metrics rows, then the kept rows, upserted in key order, last.
 */
export class AnalyticsDays {
  constructor(private readonly d: Dialect) {}

  /** The posts' rows locked (MySQL) in id order: one writer at a time changes which of a post's targets are live. */
  async lockPosts(m: EntityManager, postIds: readonly string[]): Promise<void> {
    if (this.d.sqlite || postIds.length === 0) return;
    const ids = [...new Set(postIds)].sort();
    await m.query(`SELECT id FROM posts WHERE id IN (${inList(ids.length)}) ORDER BY id FOR UPDATE`, ids);
  }

  /**
   * The posts' live targets, as they are now: read after lockPosts, whose lock is the
   * transaction's first (MySQL's snapshot is taken at its first plain read), and every writer of
   * a post's live targets holds that lock, so nothing newer is committed.
   */
  async liveTargets(m: EntityManager, postIds: readonly string[]): Promise<LiveTarget[]> {
    const ids = [...new Set(postIds)].sort();
    const found: LiveTarget[] = [];
    for (let i = 0; i < ids.length; i += CHUNK) {
      const chunk = ids.slice(i, i + CHUNK);
      const rows = await m.query<Raw[]>(`SELECT ${LIVE_TARGET_COLUMNS} FROM target_metrics WHERE post_id IN (${inList(chunk.length)}) AND deleted = 0`, chunk);
      found.push(...rows.map(liveTargetOf));
    }
    return found;
  }

  /** Live targets gone with their posts (read by liveTargets before the delete): taken out of the kept days. */
  async takeOut(m: EntityManager, gone: readonly LiveTarget[]): Promise<void> {
    const changes = new DayChanges();
    changes.postsChanged(gone, []);
    await this.apply(m, changes);
  }

  /** The changes written: links gone, then new ones, then every changed day's row, each in key order. */
  async apply(m: EntityManager, changes: DayChanges): Promise<void> {
    const byKey = <T>(map: ReadonlyMap<string, T>): T[] => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
    for (const link of byKey(changes.linksGone)) {
      await m.query('DELETE FROM analytics_post_links WHERE workspace_id = ? AND day = ? AND next_day = ? AND scope = ? AND post_id = ?', linkValues(link));
    }
    const added = byKey(changes.linksNew);
    for (let i = 0; i < added.length; i += CHUNK) {
      const chunk = added.slice(i, i + CHUNK);
      await m.query(
        `INSERT INTO analytics_post_links (workspace_id, day, next_day, scope, post_id) VALUES ${valuesList(chunk.length, 5)}`,
        chunk.flatMap(linkValues),
      );
    }
    const cells = byKey(changes.cells).filter((c) => c.posts !== 0 || c.targets !== 0 || c.reported.some((n) => n !== 0) || c.sums.some((s) => s !== 0));
    for (let i = 0; i < cells.length; i += CHUNK) {
      const chunk = cells.slice(i, i + CHUNK);
      const columns = ['workspace_id', 'day', 'scope', 'platform', ...ADDED];
      await m.query(
        `INSERT INTO analytics_days (${columns.join(', ')}) VALUES ${valuesList(chunk.length, columns.length)} ${this.onDuplicate()}`,
        chunk.flatMap((c) => [c.workspaceId, c.day, c.scope, c.platform, c.posts, c.targets, ...c.sums, ...c.reported]),
      );
    }
  }

  /**
   * Every workspace's kept days (or one's) made again from its live targets, as the
   * AnalyticsDays migration's backfill makes them: for rows written around TypeOrmTargetMetrics
   * (the bench's seed). Not for a serving database: it counts without the writers' locks.
   */
  async rebuild(m: EntityManager, workspaceId?: string): Promise<void> {
    const where = workspaceId === undefined ? '' : ' WHERE workspace_id = ?';
    const params = workspaceId === undefined ? [] : [workspaceId];
    await m.query(`DELETE FROM analytics_post_links${where}`, params);
    await m.query(`DELETE FROM analytics_days${where}`, params);
    const live = await m.query<Raw[]>(`SELECT ${LIVE_TARGET_COLUMNS} FROM target_metrics WHERE deleted = 0${where.replace('WHERE', 'AND')}`, params);
    const changes = new DayChanges();
    changes.postsChanged([], live.map(liveTargetOf));
    await this.apply(m, changes);
  }

  private onDuplicate(): string {
    return this.d.sqlite
      ? `ON CONFLICT (workspace_id, day, scope) DO UPDATE SET ${ADDED.map((c) => `${c} = ${c} + excluded.${c}`).join(', ')}`
      : `ON DUPLICATE KEY UPDATE ${ADDED.map((c) => `${c} = ${c} + VALUES(${c})`).join(', ')}`;
  }
}

const linkValues = (l: PostLink): unknown[] => [l.workspaceId, l.day, l.nextDay, l.scope, l.postId];
