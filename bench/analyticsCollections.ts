import { type DataSource } from 'typeorm';
import { valuesList } from '../adapters/outbound/persistence/typeorm/sql/Dialect';
import { sandboxFigures } from '../application/analytics/sandboxFigures';
import { COLLECT_AFTER_MS } from '../domain/analytics/MetricsSchedule';
import { COUNT_NAMES, type CountName, countsOf, type PostCounts, type RawCounts } from '../domain/analytics/PostCounts';
import { type Platform } from '../domain/platform/Platform';

/** A published target as the collector's discovery finds it (TypeOrmTargetMetrics.discover). */
export interface DiscoveredTarget {
  readonly targetId: string;
  readonly workspaceId: string;
  readonly postId: string;
  readonly connectionId: string;
  readonly platform: Platform;
  readonly platformPostId: string;
  readonly postedAtMs: number;
}

/** A target's last figures as seeded, and whether its post was found deleted. */
export interface SeededFigures {
  readonly postId: string;
  readonly connectionId: string;
  readonly platform: Platform;
  readonly postedAtMs: number;
  readonly counts: PostCounts;
  readonly deleted: boolean;
}

/**
 * What each platform's reader reports (docs/analytics.md, "What each platform reports"): the
 * figures it has, under the platform's own names in `raw`; the others stay null.
 */
const READERS: Partial<Record<Platform, Partial<Record<CountName, string>>>> = {
  TWITTER: {
    likes: 'public_metrics.like_count',
    reposts: 'public_metrics.repost_count',
    replies: 'public_metrics.reply_count',
    quotes: 'public_metrics.quote_count',
    saves: 'public_metrics.bookmark_count',
    views: 'public_metrics.impression_count',
  },
  BLUESKY: { likes: 'likeCount', reposts: 'repostCount', replies: 'replyCount', quotes: 'quoteCount', saves: 'bookmarkCount' },
  THREADS: { views: 'views', likes: 'likes', replies: 'replies', reposts: 'reposts', quotes: 'quotes' },
  FACEBOOK: {
    likes: 'reactions.summary.total_count',
    replies: 'comments.summary.total_count',
    reposts: 'shares.count',
    views: 'post_media_view',
    clicks: 'post_clicks',
  },
};

/** One in DELETED_EVERY targets is found deleted at its week's read, its figures kept as of its day's. */
const DELETED_EVERY = 100;
const METRICS_BATCH = 1000;
const SNAPSHOTS_BATCH = 5000;
const METRICS_COLUMNS = `target_id, workspace_id, post_id, connection_id, platform, platform_post_id, posted_at_ms, ${COUNT_NAMES.join(', ')}, raw, collected_at_ms, next_at_ms, deleted, last_error, last_error_at_ms, refresh_requested_at_ms, lease_owner, lease_until_ms`;

/** A read of `target` at `atMs`: the numbers of sandboxFigures (they grow with age), the names of its platform. */
function readAt(target: DiscoveredTarget, atMs: number): { counts: PostCounts; raw: RawCounts } {
  const all = sandboxFigures(target.targetId, new Date(target.postedAtMs), new Date(atMs));
  const names = READERS[target.platform] ?? {};
  const reported = Object.entries(names) as Array<[CountName, string]>;
  const raw: Record<string, number> = Object.fromEntries(reported.map(([count, own]) => [own, all[count]!]));
  // Threads' shares (sent on, not reposted) are kept in raw only.
  if (target.platform === 'THREADS') raw.shares = all.saves!;
  return { counts: countsOf(Object.fromEntries(reported.map(([count]) => [count, all[count]]))), raw };
}

/**
 * The rows three rounds of the collector leave (TypeOrmTargetMetrics.discover, then record at
 * about 1 h, 24 h and 7 days): the week's figures in target_metrics with no next collection,
 * and a snapshot per read; a target found deleted keeps its day's figures and has two. All in
 * one transaction, by multi-row INSERT as bench/seed.ts writes the posts.
 */
export async function collectorRows(dataSource: DataSource, targets: readonly DiscoveredTarget[]): Promise<SeededFigures[]> {
  const metrics: unknown[][] = [];
  const snapshots: unknown[][] = [];
  const seeded: SeededFigures[] = [];
  for (const [n, target] of targets.entries()) {
    const deleted = n % DELETED_EVERY === DELETED_EVERY - 1;
    const reads = COLLECT_AFTER_MS.map((after) => target.postedAtMs + after);
    const counted = deleted ? reads.slice(0, -1) : reads;
    const read = counted.map((at) => readAt(target, at));
    for (const [i, { counts, raw }] of read.entries())
      snapshots.push([target.targetId, counted[i], target.connectionId, JSON.stringify(counts), JSON.stringify(raw)]);
    const last = read.at(-1)!;
    const { targetId, workspaceId, postId, connectionId, platform, platformPostId, postedAtMs } = target;
    const figures = COUNT_NAMES.map((name) => last.counts[name]);
    metrics.push([
      targetId,
      workspaceId,
      postId,
      connectionId,
      platform,
      platformPostId,
      postedAtMs,
      ...figures,
      JSON.stringify(last.raw),
      reads.at(-1)!,
      null,
      deleted ? 1 : 0,
      null,
      null,
      null,
      null,
      null,
    ]);
    seeded.push({ postId, connectionId, platform, postedAtMs, counts: last.counts, deleted });
  }
  await dataSource.transaction(async (m) => {
    for (let at = 0; at < metrics.length; at += METRICS_BATCH) {
      const rows = metrics.slice(at, at + METRICS_BATCH);
      await m.query(`INSERT INTO target_metrics (${METRICS_COLUMNS}) VALUES ${valuesList(rows.length, rows[0]!.length)}`, rows.flat());
    }
    for (let at = 0; at < snapshots.length; at += SNAPSHOTS_BATCH) {
      const rows = snapshots.slice(at, at + SNAPSHOTS_BATCH);
      await m.query(
        `INSERT INTO target_metric_snapshots (target_id, collected_at_ms, connection_id, counts, raw) VALUES ${valuesList(rows.length, 5)}`,
        rows.flat(),
      );
    }
  });
  return seeded;
}
