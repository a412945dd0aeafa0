import { type AnalyticsViews } from '../../application/ports/AnalyticsViews';
import { type Collected, type TargetMetrics } from '../../application/ports/TargetMetrics';
import { MemoryPostRepository } from '../../adapters/outbound/persistence/memory/MemoryPostRepository';
import { MemoryTargetMetrics } from '../../adapters/outbound/persistence/memory/MemoryTargetMetrics';
import { MemoryWorkspaceRepository } from '../../adapters/outbound/persistence/memory/MemoryWorkspaceRepository';
import { TypeOrmAnalyticsViews } from '../../adapters/outbound/persistence/typeorm/analytics/TypeOrmAnalyticsViews';
import { TypeOrmTargetMetrics } from '../../adapters/outbound/persistence/typeorm/analytics/TypeOrmTargetMetrics';
import { TypeOrmPostRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmPostRepository';
import { TypeOrmWorkspaceRepository } from '../../adapters/outbound/persistence/typeorm/repositories/TypeOrmWorkspaceRepository';
import { NO_COUNTS, type PostCounts } from '../../domain/analytics/PostCounts';
import { type Platform } from '../../domain/platform/Platform';
import { Post } from '../../domain/post/Post';
import { type PostRepository } from '../../domain/post/PostRepository';
import { Workspace } from '../../domain/workspace/Workspace';
import { type WorkspaceRepository } from '../../domain/workspace/WorkspaceRepository';
import { type DatabaseKind, openTestDatabase, serverFor } from '../support/databases';
import { group, targetOn } from '../support/data/posts';
import { requireServer } from '../support/services';
import { uniqueId } from './postRepositoryFixtures';

/**
 * Published targets for the TargetMetrics and AnalyticsViews contracts, made through the
 * domain's Post (scheduled, publishing, published as the engine would), on every adapter.
 */
export interface MetricsBackend {
  readonly metrics: TargetMetrics;
  readonly views: AnalyticsViews;
  readonly posts: PostRepository;
  readonly workspaces: WorkspaceRepository;
  close(): Promise<void>;
}

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
export const plus = (at: Date, ms: number): Date => new Date(at.getTime() + ms);

/** Every figure null (not reported) unless given. */
export const counts = (given: Partial<PostCounts>): PostCounts => ({ ...NO_COUNTS, ...given });

/** The connections of every workspace of these tests, by id. */
export const CONNECTIONS: Readonly<Record<string, Platform>> = {
  conn_twitter: 'TWITTER',
  conn_twitter_2: 'TWITTER',
  conn_bluesky: 'BLUESKY',
  conn_linkedin: 'LINKEDIN',
};

export interface TargetSpec {
  readonly conn: keyof typeof CONNECTIONS;
  /** When it went out; with `published: false`, when it is scheduled. */
  readonly at: Date;
  readonly published?: boolean;
}

export interface Published {
  readonly postId: string;
  readonly targetIds: string[];
  /** The platform's id of each target (null where not published). */
  readonly platformPostIds: Array<string | null>;
}

export async function newWorkspace(b: MetricsBackend): Promise<string> {
  const workspace = Workspace.create({ id: uniqueId('W'), name: 'Figures', now: new Date('2030-01-01T00:00:00Z') });
  await b.workspaces.save(workspace);
  return workspace.id;
}

/** A post of `workspaceId` with a target per spec, each scheduled a minute before its time and published at it unless said. */
export async function publishedPost(b: MetricsBackend, workspaceId: string, specs: readonly TargetSpec[]): Promise<Published> {
  const first = Math.min(...specs.map((s) => s.at.getTime()));
  const post = Post.create(
    {
      id: uniqueId('P'),
      workspaceId,
      groups: [group()],
      targets: specs.map((s) => ({ id: uniqueId('t'), ...targetOn(s.conn, CONNECTIONS[s.conn]!), scheduledAt: plus(s.at, -MINUTE) })),
      intent: 'schedule',
    },
    {
      now: new Date(first - HOUR),
      reviewRequired: false,
      connectionOf: (id) => (CONNECTIONS[id] === undefined ? undefined : { platform: CONNECTIONS[id]!, workspaceId }),
    },
  );
  await b.posts.save(post);
  const platformPostIds = specs.map((s, i) => {
    if (s.published === false) return null;
    const id = post.targets[i]!.id;
    post.startPublishing(id, plus(s.at, -MINUTE));
    post.markPublished(id, { platformPostId: `pp-${id}`, platformPostUrl: null, postedAt: s.at }, s.at);
    return `pp-${id}`;
  });
  await b.posts.save(post);
  return { postId: post.id, targetIds: post.targets.map((t) => t.id), platformPostIds };
}

/** Claims every due target at `now` and records what `what` says of each (targets it names nothing for are let go untouched). */
export async function collectAt(
  b: MetricsBackend,
  now: Date,
  what: Readonly<Record<string, { collected: Collected; nextAt: Date | null }>>,
): Promise<string[]> {
  const claimed = await b.metrics.claimDue('contract-worker', now, MINUTE, 1000);
  const named = claimed.filter((row) => what[row.targetId] !== undefined);
  await b.metrics.record(
    named.map((row) => ({ targetId: row.targetId, connectionId: row.connectionId, at: now, ...what[row.targetId]! })),
    'contract-worker',
  );
  await b.metrics.defer(
    claimed.filter((row) => what[row.targetId] === undefined).map((row) => row.targetId),
    'contract-worker',
    plus(now, 365 * DAY),
  );
  return named.map((row) => row.targetId);
}

export function inMemory(): Promise<MetricsBackend> {
  const posts = new MemoryPostRepository();
  const metrics = new MemoryTargetMetrics(posts);
  return Promise.resolve({ metrics, views: metrics, posts, workspaces: new MemoryWorkspaceRepository(), close: async () => undefined });
}

export function onDatabase(kind: DatabaseKind) {
  return async (ctx: Mocha.Context): Promise<MetricsBackend> => {
    const server = serverFor(kind);
    if (server) await requireServer(ctx, server);
    const dataSource = await openTestDatabase(kind);
    return {
      metrics: new TypeOrmTargetMetrics(dataSource),
      views: new TypeOrmAnalyticsViews(dataSource),
      posts: new TypeOrmPostRepository(dataSource),
      workspaces: new TypeOrmWorkspaceRepository(dataSource),
      close: () => dataSource.destroy(),
    };
  };
}

/** Every adapter of the two ports: in memory, SQLite and MariaDB. */
export const METRICS_BACKENDS: ReadonlyArray<readonly [string, (ctx: Mocha.Context) => Promise<MetricsBackend>]> = [
  ['in memory', () => inMemory()],
  ['TypeORM on SQLite', onDatabase('sqlite')],
  ['TypeORM on MariaDB', onDatabase('mysql')],
];
