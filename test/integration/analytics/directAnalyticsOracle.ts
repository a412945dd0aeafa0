import { type DataSource } from 'typeorm';
import { type AnalyticsGroup, type AnalyticsQuery, type AnalyticsViews, type FiguresSummary } from '../../../application/ports/AnalyticsViews';
import { summaryOf } from '../../../adapters/outbound/persistence/typeorm/analytics/TypeOrmAnalyticsViews';
import { COUNT_NAMES } from '../../../domain/analytics/PostCounts';
import { type Dialect, dialectOf } from '../../../adapters/outbound/persistence/typeorm/sql/Dialect';
import { managerOf } from '../../../adapters/outbound/persistence/typeorm/transactionContext';
import { type Raw } from '../../../adapters/outbound/persistence/typeorm/analytics/metricsRows';

const DAY_MS = 86_400_000;
const FIGURES = COUNT_NAMES.map((name) => `SUM(${name}) AS s_${name}, COUNT(${name}) AS n_${name}`).join(', ');

/**
 * The oracle of the analytics' kept days: the workspace's figures summed straight from
 * target_metrics over the targets published in a range, as the service computed them before
 * analytics_days (docs/performance.md, "Issue 22: analytics"). Deleted posts are left out.
 */
export class DirectAnalyticsOracle implements AnalyticsViews {
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
