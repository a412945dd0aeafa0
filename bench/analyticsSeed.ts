import { AnalyticsDays } from '../adapters/outbound/persistence/typeorm/analytics/AnalyticsDays';
import { type DataSource } from 'typeorm';
import { dialectOf, readDate } from '../adapters/outbound/persistence/typeorm/sql/Dialect';
import { type Platform } from '../domain/platform/Platform';
import { Fixtures } from '../test/support/testApp';
import { DEFAULT_GROUP_ID, group, segment, targetOn } from '../test/support/data/posts';
import { collectorRows, type SeededFigures } from './analyticsCollections';
import { send } from './measure';
import { seedPosts } from './seed';
import { type ServiceUnderTest } from './service';

/**
 * The analytics row's workspace (docs/performance.md, "Issue 22: analytics"): `count` posts
 * published over YEAR, one every YEAR / count (5.3 minutes for 100,000), each to one to two of
 * four accounts (X, Bluesky, Threads, a Facebook Page), as four templates made through the
 * API and copied by bench/seed.ts in turn; then what the collector would have written for
 * each published target (bench/analyticsCollections.ts).
 */
export const YEAR = { from: '2025-01-01T00:00:00Z', to: '2026-01-01T00:00:00Z' } as const;

/** The templates' targets: 7 targets every 4 posts (X on 3 of them, Bluesky on 2, Threads and Facebook on 1). */
const TEMPLATES: ReadonlyArray<readonly Platform[]> = [['TWITTER', 'BLUESKY'], ['TWITTER', 'FACEBOOK'], ['BLUESKY', 'THREADS'], ['TWITTER']];

export interface AnalyticsWorkspace {
  /** Every published target's final figures as seeded: what the row's answers are checked against. */
  readonly figures: readonly SeededFigures[];
  readonly connections: Readonly<Record<string, string>>;
}

export async function seedAnalytics(service: ServiceUnderTest, count: number): Promise<AnalyticsWorkspace> {
  const given = new Fixtures(service.composition);
  const connections: Record<string, string> = {
    TWITTER: service.connectionId,
    BLUESKY: await given.connection(service.workspaceId, 'BLUESKY', 'bench.bsky.social'),
    THREADS: await given.connection(service.workspaceId, 'THREADS', '@bench'),
    FACEBOOK: await given.connection(service.workspaceId, 'FACEBOOK', 'Bench Page'),
  };
  const postsUrl = `${service.server.baseUrl}/v1/workspaces/${service.workspaceId}/posts`;
  const headers = { authorization: `Bearer ${service.apiKey}`, 'content-type': 'application/json' };
  const start = Date.parse(YEAR.from);
  const spacingMs = (Date.parse(YEAR.to) - start) / count;
  for (const [k, platforms] of TEMPLATES.entries()) {
    // The template stays a draft (no figures); its copies are the posts at k, k + 4, k + 8, …
    const body = { groups: [group(DEFAULT_GROUP_ID, true, [segment(`analytics template ${k}`)])], targets: platforms.map((p) => targetOn(connections[p]!, p)) };
    const template = (await send({ url: postsUrl, method: 'POST', headers, body: JSON.stringify(body) })) as { id: string };
    const copies = Math.ceil((count - k) / TEMPLATES.length);
    await seedPosts(service.dataSource, template.id, copies, (i) => new Date(Math.floor(start + (i * TEMPLATES.length + k) * spacingMs)));
  }
  return { figures: await collect(service.dataSource, service.workspaceId), connections };
}

/** The published targets, as the collector's discovery reads them, and their collections written. */
async function collect(dataSource: DataSource, workspaceId: string): Promise<SeededFigures[]> {
  const found = (await dataSource.query(
    "SELECT id, post_id, connection_id, platform, platform_post_id, posted_at FROM post_targets WHERE workspace_id = ? AND status = 'published' AND platform_post_id IS NOT NULL",
    [workspaceId],
  )) as Array<Record<string, unknown>>;
  const targets = found
    .map((t) => ({
      targetId: String(t.id),
      workspaceId,
      postId: String(t.post_id),
      connectionId: String(t.connection_id),
      platform: String(t.platform) as Platform,
      platformPostId: String(t.platform_post_id),
      postedAtMs: readDate(t.posted_at)!.getTime(),
    }))
    .sort((a, b) => a.postedAtMs - b.postedAtMs || (a.targetId < b.targetId ? -1 : 1));
  const figures = await collectorRows(dataSource, targets);
  // Written around TypeOrmTargetMetrics: the kept days made from them, as the migration would.
  await dataSource.transaction((m) => new AnalyticsDays(dialectOf(dataSource)).rebuild(m, workspaceId));
  return figures;
}
