import { type DataSource } from 'typeorm';
import { type AnalyticsGroup, type AnalyticsQuery, type AnalyticsViews, type FiguresSummary } from '../../../../../application/ports/AnalyticsViews';
import { COUNT_NAMES, type PostCounts } from '../../../../../domain/analytics/PostCounts';
import { managerOf } from '../transactionContext';
import { DAY_MS } from './analyticsDayCells';
import { edgeTargets, keptDays, linksWithin, rangeParts, scopesInWholeDays, scopesOf } from './analyticsDayReads';
import { type Raw } from './metricsRows';

interface Tally {
  targets: number;
  readonly sums: number[];
  readonly reported: number[];
}

const newTally = (): Tally => ({ targets: 0, sums: COUNT_NAMES.map(() => 0), reported: COUNT_NAMES.map(() => 0) });

/**
 * The workspace's figures over the targets published in a range, grouped by day (UTC),
 * platform or connection (docs/analytics.md). The range's whole days are read from the kept
 * days (analytics_days: a few rows a day, and analytics_post_links for posts counted on two of
 * its days); the parts of days at its ends from the targets themselves, with, for their posts,
 * whether the whole days already count them (docs/performance.md, "Issue 22: analytics").
 * Deleted posts are left out: their last figures describe nothing that is still there.
 */
export class TypeOrmAnalyticsViews implements AnalyticsViews {
  constructor(private readonly dataSource: DataSource) {}

  async summarize(query: AnalyticsQuery): Promise<{ groups: AnalyticsGroup[]; totalGroups: number; overall: FiguresSummary }> {
    const m = managerOf(this.dataSource);
    const ws = query.workspaceId;
    const parts = rangeParts(query.from.getTime(), query.to.getTime());
    const kept = parts.whole === null ? [] : await keptDays(m, ws, parts.whole.firstDay, parts.whole.endDay, query.groupBy === 'day');
    const links = parts.whole === null ? new Map<string, number>() : await linksWithin(m, ws, parts.whole.firstDay, parts.whole.endDay);
    const edges = await edgeTargets(m, ws, parts.edges);
    const counted = await scopesInWholeDays(
      m,
      ws,
      edges.map((t) => t.postId),
      parts.whole,
    );

    // Posts per scope: the whole days' posts less their links, and the edges' posts not counted there.
    const posts = new Map<string, number>();
    const addPosts = (scope: string, n: number) => posts.set(scope, (posts.get(scope) ?? 0) + n);
    for (const p of kept) addPosts(p.scope, p.posts);
    for (const [scope, n] of links) addPosts(scope, -n);
    const edgePosts = new Set<string>();
    for (const t of edges) for (const scope of scopesOf(t.platform, t.connectionId)) edgePosts.add(`${t.postId}|${scope}`);
    for (const key of edgePosts) if (!counted.has(key)) addPosts(key.slice(key.indexOf('|') + 1), 1);

    // Targets and figures per group, from the connections' rows and the edges' targets.
    const groupOf = (day: number, platform: string, connectionId: string): string =>
      query.groupBy === 'day' ? String(day) : query.groupBy === 'platform' ? platform : connectionId;
    const tallies = new Map<string, Tally>();
    const tally = (key: string): Tally => {
      const found = tallies.get(key) ?? newTally();
      tallies.set(key, found);
      return found;
    };
    const overall = newTally();
    const add = (into: Tally, targets: number, sums: readonly number[], reported: readonly number[]) => {
      into.targets += targets;
      sums.forEach((s, i) => {
        into.sums[i]! += s;
      });
      reported.forEach((n, i) => {
        into.reported[i]! += n;
      });
    };
    for (const p of kept) {
      if (!p.scope.startsWith('c:')) continue;
      add(tally(groupOf(p.day, p.platform, p.scope.slice(2))), p.targets, p.sums, p.reported);
      add(overall, p.targets, p.sums, p.reported);
    }
    const edgeDayPosts = new Map<number, Set<string>>();
    for (const t of edges) {
      const sums = t.figures.map((v) => v ?? 0);
      const reported = t.figures.map((v) => (v === null ? 0 : 1));
      add(tally(groupOf(t.day, t.platform, t.connectionId)), 1, sums, reported);
      add(overall, 1, sums, reported);
      edgeDayPosts.set(t.day, (edgeDayPosts.get(t.day) ?? new Set()).add(t.postId));
    }
    const dayPosts = new Map<number, number>([...kept.filter((p) => p.scope === '*').map((p): [number, number] => [p.day, p.posts])]);
    for (const [day, ids] of edgeDayPosts) dayPosts.set(day, ids.size);
    const postsOf = (key: string): number =>
      query.groupBy === 'day' ? (dayPosts.get(Number(key)) ?? 0) : (posts.get(`${query.groupBy === 'platform' ? 'p' : 'c'}:${key}`) ?? 0);

    const keys = [...tallies].filter(([, t]) => t.targets > 0).map(([key]) => key);
    keys.sort(query.groupBy === 'day' ? (a, b) => Number(a) - Number(b) : (a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const shown = query.groupBy === 'connection' ? keys.slice(query.offset, query.offset + query.limit) : keys;
    return {
      groups: shown.map((key) => ({
        key: query.groupBy === 'day' ? dayOf(Number(key)) : key,
        ...summaryOf(rawOf(postsOf(key), tallies.get(key)!)),
      })),
      totalGroups: keys.length,
      overall: summaryOf(rawOf(overall.targets === 0 ? 0 : (posts.get('*') ?? 0), overall)),
    };
  }
}

const dayOf = (dayNumber: number): string => new Date(dayNumber * DAY_MS).toISOString().slice(0, 10);

const rawOf = (posts: number, t: Tally): Raw => {
  const row: Raw = { posts, targets: t.targets };
  COUNT_NAMES.forEach((name, i) => {
    row[`s_${name}`] = t.sums[i];
    row[`n_${name}`] = t.reported[i];
  });
  return row;
};

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
