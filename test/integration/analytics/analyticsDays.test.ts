import { expect } from 'chai';
import { type DataSource } from 'typeorm';
import { ANALYTICS_GROUPS, type AnalyticsQuery } from '../../../application/ports/AnalyticsViews';
import { type Collection, type TargetMetricsRow } from '../../../application/ports/TargetMetrics';
import { AnalyticsDays } from '../../../adapters/outbound/persistence/typeorm/analytics/AnalyticsDays';
import { TypeOrmAnalyticsViews } from '../../../adapters/outbound/persistence/typeorm/analytics/TypeOrmAnalyticsViews';
import { TypeOrmTargetMetrics } from '../../../adapters/outbound/persistence/typeorm/analytics/TypeOrmTargetMetrics';
import { TypeOrmPostRepository } from '../../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmWorkspaceRepository } from '../../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { dialectOf } from '../../../adapters/outbound/persistence/typeorm/sql/Dialect';
import { COUNT_NAMES, type PostCounts } from '../../../domain/analytics/PostCounts';
import { CONNECTIONS, DAY, HOUR, type MetricsBackend, MINUTE, newWorkspace, publishedPost, type TargetSpec } from '../../contracts/targetMetricsFixtures';
import { DATABASE_KINDS, openTestDatabase, serverFor } from '../../support/databases';
import { requireServer } from '../../support/services';
import { DirectAnalyticsOracle } from './directAnalyticsOracle';

/** A small deterministic generator (mulberry32), so a failure replays. */
function randomFrom(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const START = Date.parse('2030-03-01T00:00:00Z');
const SPAN_DAYS = 8;

/**
 * The analytics' kept days (analytics_days, analytics_post_links) against the sums computed
 * straight from target_metrics (the SQL the service ran before them, kept as the oracle): after
 * random publishes, collections (two workers at once), targets found deleted and posts
 * removed, every grouping over random ranges (whole days and instants inside days) answers the
 * same, and the kept rows equal those the migration's backfill makes from scratch.
 */
for (const kind of DATABASE_KINDS) {
  describe(`Analytics kept days against the direct sums (${kind})`, function () {
    this.timeout(120_000);
    let dataSource: DataSource;
    let b: MetricsBackend & { metrics: TypeOrmTargetMetrics };
    let oracle: DirectAnalyticsOracle;

    beforeEach(async function () {
      const server = serverFor(kind);
      if (server) await requireServer(this, server);
      dataSource = await openTestDatabase(kind);
      const metrics = new TypeOrmTargetMetrics(dataSource);
      const posts = new TypeOrmPostRepository(dataSource);
      b = {
        metrics,
        views: new TypeOrmAnalyticsViews(dataSource),
        posts,
        workspaces: new TypeOrmWorkspaceRepository(dataSource),
        close: async () => undefined,
      };
      oracle = new DirectAnalyticsOracle(dataSource);
    });

    afterEach(async () => {
      if (dataSource?.isInitialized) await dataSource.destroy();
    });

    it('answers as the direct sums after random publishes, collections, deletions and removals', async () => {
      const random = randomFrom(kind === 'sqlite' ? 22 : 2222);
      const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
      const workspaceId = await newWorkspace(b);
      const postIds: string[] = [];
      const publishSome = async (n: number) => {
        for (let i = 0; i < n; i++) {
          // One to four targets, most within minutes of each other, some a day or two apart (a retry).
          const base = START + Math.floor(random() * SPAN_DAYS * DAY);
          const conns = Object.keys(CONNECTIONS).sort(() => random() - 0.5);
          const specs: TargetSpec[] = conns.slice(0, 1 + Math.floor(random() * conns.length)).map((conn) => ({
            conn,
            at: new Date(base + (random() < 0.3 ? Math.floor(random() * 2.5 * DAY) : Math.floor(random() * 10 * MINUTE))),
            published: random() < 0.9,
          }));
          postIds.push((await publishedPost(b, workspaceId, specs)).postId);
        }
        await b.metrics.discover(new Date(START - DAY), 1000);
      };
      let now = START + 30 * DAY;
      const collectionsOf = (claimed: readonly TargetMetricsRow[]): Collection[] => {
        const collections: Collection[] = claimed.map((row) => {
          const roll = random();
          const collected =
            roll < 0.08
              ? ({ kind: 'deleted' } as const)
              : roll < 0.15
                ? ({ kind: 'failed', reason: 'read failed' } as const)
                : ({ kind: 'counts', counts: randomCounts(random), raw: {} } as const);
          return { targetId: row.targetId, connectionId: row.connectionId, collected, at: new Date(now), nextAt: new Date(now + 2 * MINUTE) };
        });
        return collections;
      };

      await publishSome(25);
      for (let step = 0; step < 12; step++) {
        now += 3 * MINUTE;
        // Two workers: claims one after the other, recorded at once (on MariaDB, two connections).
        const a = collectionsOf(await b.metrics.claimDue('worker-a', new Date(now), MINUTE, 12));
        const c = collectionsOf(await b.metrics.claimDue('worker-b', new Date(now), MINUTE, 12));
        await Promise.all([b.metrics.record(a, 'worker-a'), b.metrics.record(c, 'worker-b')]);
        if (step % 3 === 1) await publishSome(4);
        if (step % 4 === 2) await b.posts.remove(workspaceId, pick(postIds));
        if (step % 3 === 2) await compareRanges(b, oracle, workspaceId, random, 6);
      }
      await compareRanges(b, oracle, workspaceId, random, 10);
      await expectBackfillEqual(dataSource, workspaceId);
    });
  });
}

function randomCounts(random: () => number): PostCounts {
  return Object.fromEntries(COUNT_NAMES.map((name) => [name, random() < 0.25 ? null : Math.floor(random() * 1000)])) as PostCounts;
}

async function compareRanges(b: MetricsBackend, oracle: DirectAnalyticsOracle, workspaceId: string, random: () => number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const aligned = random() < 0.4;
    const instant = () => START - DAY + Math.floor(random() * (SPAN_DAYS + 4) * DAY);
    let from = instant();
    let to = instant();
    if (from > to) [from, to] = [to, from];
    if (from === to) to += 1;
    if (aligned) [from, to] = [Math.floor(from / DAY) * DAY, Math.ceil(to / DAY) * DAY + DAY];
    if (i === 0) [from, to] = [START - DAY, START + (SPAN_DAYS + 4) * DAY];
    if (i === 1) [from, to] = [START + 5 * HOUR, START + 20 * HOUR];
    for (const groupBy of ANALYTICS_GROUPS) {
      const query: AnalyticsQuery = { workspaceId, from: new Date(from), to: new Date(to), groupBy, limit: 2, offset: Math.floor(random() * 3) };
      const label = `${groupBy} over ${new Date(from).toISOString()} – ${new Date(to).toISOString()}`;
      expect(await b.views.summarize(query), label).to.deep.equal(await oracle.summarize(query));
    }
  }
}

/** The rows kept one write at a time equal those the migration's backfill makes from the targets. */
async function expectBackfillEqual(dataSource: DataSource, workspaceId: string): Promise<void> {
  const read = async () => ({
    days: await dataSource.query(
      'SELECT day, scope, platform, posts, targets, s_likes, n_likes, s_views, n_views, s_clicks, n_clicks FROM analytics_days ' +
        'WHERE workspace_id = ? AND (posts <> 0 OR targets <> 0) ORDER BY day, scope',
      [workspaceId],
    ),
    links: await dataSource.query(
      'SELECT day, next_day, scope, post_id FROM analytics_post_links WHERE workspace_id = ? ORDER BY day, next_day, scope, post_id',
      [workspaceId],
    ),
  });
  const kept = await read();
  expect(kept.days.length).to.be.greaterThan(10);
  expect(kept.links.length, 'posts on several days').to.be.greaterThan(0);
  await dataSource.transaction((m) => new AnalyticsDays(dialectOf(dataSource)).rebuild(m, workspaceId));
  expect(JSON.parse(JSON.stringify(await read()))).to.deep.equal(JSON.parse(JSON.stringify(kept)));
}
