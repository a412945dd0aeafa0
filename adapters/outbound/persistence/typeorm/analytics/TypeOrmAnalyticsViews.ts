import { type DataSource } from 'typeorm';
import { type AnalyticsGroup, type AnalyticsQuery, type AnalyticsViews, type FiguresSummary } from '../../../../../application/ports/AnalyticsViews';
import { COUNT_NAMES, type PostCounts } from '../../../../../domain/analytics/PostCounts';
import { type Dialect, dialectOf } from '../sql/Dialect';
import { managerOf } from '../transactionContext';
import { type Raw } from './metricsRows';

const DAY_MS = 86_400_000;
const FIGURES = COUNT_NAMES.map((name) => `SUM(${name}) AS s_${name}, COUNT(${name}) AS n_${name}`).join(', ');

/**
 * The workspace's figures summed in the database over the targets published in a range,
 * grouped by day (UTC), platform or connection, read from one index that holds every column
 * summed (ix_target_metrics_workspace_figures; docs/performance.md, "Issue 22: analytics").
 * Deleted posts are left out: their last figures describe nothing that is still there.
 */
export class TypeOrmAnalyticsViews implements AnalyticsViews {
  private readonly d: Dialect;

  constructor(private readonly dataSource: DataSource) {
    this.d = dialectOf(dataSource);
  }

  async summarize(query: AnalyticsQuery): Promise<{ groups: AnalyticsGroup[]; totalGroups: number; overall: FiguresSummary }> {
    const m = managerOf(this.dataSource);
    const where = 'FROM target_metrics WHERE workspace_id = ? AND deleted = 0 AND posted_at_ms >= ? AND posted_at_ms < ?';
    const params = [query.workspaceId, query.from.getTime(), query.to.getTime()];
    const key = this.keyOf(query.groupBy);
    // Every group in one pass over the range; connections are paged here, every day and
    // platform comes (docs/analytics.md). The range's figures are the groups' sums.
    const groups = await m.query<Raw[]>(
      `SELECT ${key} AS k, COUNT(DISTINCT post_id) AS posts, COUNT(*) AS targets, ${FIGURES} ${where} GROUP BY ${key} ORDER BY k`,
      params,
    );
    // Its posts are counted apart: one post's targets may fall in several groups.
    const [counted] = await m.query<Raw[]>(`SELECT COUNT(DISTINCT post_id) AS posts ${where}`, params);
    return {
      groups: (query.groupBy === 'connection' ? groups.slice(query.offset, query.offset + query.limit) : groups).map((row) => ({
        key: query.groupBy === 'day' ? dayOf(Number(row.k)) : String(row.k),
        ...summaryOf(row),
      })),
      totalGroups: groups.length,
      overall: summaryOf(totalOf(groups, Number(counted?.posts ?? 0))),
    };
  }

  private keyOf(groupBy: AnalyticsQuery['groupBy']): string {
    if (groupBy === 'platform') return 'platform';
    if (groupBy === 'connection') return 'connection_id';
    // The UTC day's number: integer division on both databases.
    return this.d.sqlite ? `(posted_at_ms / ${DAY_MS})` : `(posted_at_ms DIV ${DAY_MS})`;
  }
}

const dayOf = (dayNumber: number): string => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

/** The groups' rows added up into one, as a sum over the whole range would give it (a group reporting none of a figure adds nothing). */
function totalOf(groups: readonly Raw[], posts: number): Raw {
  const total: Record<string, number> = { posts, targets: 0 };
  for (const row of groups) {
    total.targets! += Number(row.targets);
    for (const name of COUNT_NAMES) {
      total[`s_${name}`] = (total[`s_${name}`] ?? 0) + Number(row[`s_${name}`] ?? 0);
      total[`n_${name}`] = (total[`n_${name}`] ?? 0) + Number(row[`n_${name}`] ?? 0);
    }
  }
  return total;
}

/** Sums, and averages per target that reports the figure (two decimals); null where none reports it. */
export function summaryOf(row: Raw): FiguresSummary {
  const sums: Record<string, number | null> = {};
  const averages: Record<string, number | null> = {};
  for (const name of COUNT_NAMES) {
    const reported = Number(row[`n_${name}`] ?? 0);
    const sum = reported === 0 ? null : Number(row[`s_${name}`]);
    sums[name] = sum;
    averages[name] = sum === null ? null : Math.round((sum / reported) * 100) / 100;
  }
  return { posts: Number(row.posts ?? 0), targets: Number(row.targets ?? 0), sums: sums as PostCounts, averages: averages as PostCounts };
}
