import { type Collected } from '../../../application/ports/TargetMetrics';
import { TOKENS as T } from '../../../config/tokens';
import { type Scope } from '../../../domain/credential/Scope';
import { type Platform } from '../../../domain/platform/Platform';
import { Post } from '../../../domain/post/Post';
import { type DatabaseKind, serverFor } from '../../support/databases';
import { OTHER_OWNER_EMAIL, OWNER_EMAIL } from '../../support/data/people';
import { group, targetOn } from '../../support/data/posts';
import { FixedClock } from '../../support/fixedClock';
import { api, type ApiClient } from '../../support/openapi';
import { requireServer } from '../../support/services';
import { freshDatabaseEnv, startTestApp, type TestApp } from '../../support/testApp';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
/** The app's present. */
export const NOW = new Date('2030-06-10T12:00:00.000Z');
export const plus = (at: Date, ms: number): Date => new Date(at.getTime() + ms);

type Auth = { readonly Authorization: string };

/**
 * The real app on a fresh SQLite or MariaDB database with a fixed clock: a workspace with a
 * sandbox X account and two real accounts (X and Bluesky), keys by scope, another workspace,
 * and published posts made through the domain as the engine leaves them.
 */
export interface AnalyticsWorld {
  readonly t: TestApp;
  readonly api: ApiClient;
  readonly clock: FixedClock;
  readonly ws: string;
  readonly otherWs: string;
  /** The owner's key (every scope of the role). */
  readonly auth: Auth;
  readonly conn: { readonly sandbox: string; readonly x: string; readonly bluesky: string; readonly foreign: string };
  /** A key of the workspace's owner holding only `scopes`. */
  keyWith(scopes: Scope[]): Promise<Auth>;
  /** A post published on `connectionId` at `postedAt`, in the connection's workspace. */
  publish(connectionId: string, postedAt: Date): Promise<{ postId: string; targetId: string }>;
  /** The workers' collection round at the clock's time. */
  collect(): Promise<unknown>;
  /** Takes on every published target and records `what` of each named (as a worker would), at `at`. */
  record(at: Date, what: Readonly<Record<string, Collected>>): Promise<void>;
  metricsPath(postId: string, workspaceId?: string): string;
  analyticsPath(query: Record<string, string>): string;
}

let posts = 0;

export async function startAnalyticsWorld(ctx: Mocha.Context, kind: DatabaseKind): Promise<AnalyticsWorld> {
  const server = serverFor(kind);
  if (server) await requireServer(ctx, server);
  const clock = new FixedClock(NOW);
  const t = await startTestApp(await freshDatabaseEnv(kind), { RATE_LIMIT_MAX: '1000000' }, { replace: (w) => w.replace(T.Clock, clock) });
  await t.given.user(OWNER_EMAIL);
  await t.given.user(OTHER_OWNER_EMAIL);
  const ws = await t.given.workspace(OWNER_EMAIL, 'Figures');
  const otherWs = await t.given.workspace(OTHER_OWNER_EMAIL, 'Elsewhere');
  const conn = {
    sandbox: await t.given.connection(ws, 'TWITTER', '@sandbox_figures', true),
    x: await t.given.connection(ws, 'TWITTER', '@figures'),
    bluesky: await t.given.connection(ws, 'BLUESKY', 'figures.bsky.social'),
    foreign: await t.given.connection(otherWs, 'TWITTER', '@sandbox_elsewhere', true),
  };
  const platformOf: Record<string, [Platform, string]> = {
    [conn.sandbox]: ['TWITTER', ws],
    [conn.x]: ['TWITTER', ws],
    [conn.bluesky]: ['BLUESKY', ws],
    [conn.foreign]: ['TWITTER', otherWs],
  };
  const metrics = t.composition.get(T.TargetMetrics);
  const bearer = (key: string): Auth => ({ Authorization: `Bearer ${key}` });
  return {
    t,
    api: api(t.app),
    clock,
    ws,
    otherWs,
    auth: bearer((await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key),
    conn,
    keyWith: async (scopes) => bearer((await t.given.apiKey(ws, OWNER_EMAIL, 'owner', scopes)).key),
    async publish(connectionId, postedAt) {
      const [platform, workspaceId] = platformOf[connectionId]!;
      posts += 1;
      const id = `01ANALYTICS${String(posts).padStart(15, '0')}`;
      const targetId = `01TARGET${String(posts).padStart(18, '0')}`;
      const post = Post.create(
        {
          id,
          workspaceId,
          groups: [group()],
          targets: [{ id: targetId, ...targetOn(connectionId, platform), scheduledAt: plus(postedAt, -MINUTE) }],
          intent: 'schedule',
        },
        { now: plus(postedAt, -HOUR), reviewRequired: false, connectionOf: (c) => (c === connectionId ? { platform, workspaceId } : undefined) },
      );
      const repository = t.composition.get(T.PostRepository);
      await repository.save(post);
      post.startPublishing(targetId, plus(postedAt, -MINUTE));
      post.markPublished(targetId, { platformPostId: `pp-${targetId}`, platformPostUrl: null, postedAt }, postedAt);
      await repository.save(post);
      return { postId: id, targetId };
    },
    collect: () => t.composition.get(T.CollectFigures).run('http-test-worker'),
    async record(at, what) {
      await metrics.discover(new Date(0), 1000);
      const claimed = await metrics.claimDue('seed', plus(at, 400 * DAY), MINUTE, 1000);
      const named = claimed.filter((r) => what[r.targetId] !== undefined);
      await metrics.record(
        named.map((r) => ({ targetId: r.targetId, connectionId: r.connectionId, at, nextAt: null, collected: what[r.targetId]! })),
        'seed',
      );
      await metrics.defer(
        claimed.filter((r) => what[r.targetId] === undefined).map((r) => r.targetId),
        'seed',
        plus(at, 400 * DAY),
      );
    },
    metricsPath: (postId, workspaceId = ws) => `/v1/workspaces/${workspaceId}/posts/${postId}/metrics`,
    analyticsPath: (query) => `/v1/workspaces/${ws}/analytics?${new URLSearchParams(query).toString()}`,
  };
}
