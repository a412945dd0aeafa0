import { type DataSource } from 'typeorm';
import { dialectOf } from '../adapters/outbound/persistence/typeorm/sql/Dialect';

/**
 * The calendar's share of the seed (docs/performance.md, "Issue 21: the calendar"): the seeded
 * posts are published SPACING_MS apart from START, oldest post first, so 100,000 posts cover
 * about 30 months. The overview's shaping then moves every 10th post to 2099 (scheduled),
 * leaving about 3,000 posts in MONTH (published, and every 20th failed at its time).
 */
const START = Date.UTC(2030, 0, 1);
const SPACING_MS = 13 * 60_000;

/** When the seeded post at `index` (0: the oldest) was published. */
export const publishedTimeOf = (index: number): Date => new Date(START + index * SPACING_MS);

/** The month the calendar row lists: from inclusive, to exclusive. */
export const MONTH = { from: '2031-03-01T00:00:00Z', to: '2031-04-01T00:00:00Z' } as const;

/**
 * The posts with a target in MONTH, counted from the two times themselves (not from the
 * calendar column the service reads), so the row's total checks that column too.
 */
export async function postsInMonth(dataSource: DataSource, workspaceId: string): Promise<number> {
  const d = dialectOf(dataSource);
  const [row] = (await dataSource.query(
    'SELECT COUNT(DISTINCT post_id) AS n FROM post_targets WHERE workspace_id = ? AND COALESCE(posted_at, scheduled_at) >= ? AND COALESCE(posted_at, scheduled_at) < ?',
    [workspaceId, d.date(new Date(MONTH.from)), d.date(new Date(MONTH.to))],
  )) as Array<{ n: number | string }>;
  return Number(row!.n);
}
