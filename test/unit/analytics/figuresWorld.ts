import { CollectFigures, type FiguresSettings } from '../../../application/analytics/CollectFigures';
import { PostFigures } from '../../../application/analytics/PostFigures';
import { FreshGrants } from '../../../application/connections/FreshGrants';
import { PlatformConnectors } from '../../../application/connections/PlatformConnectors';
import { type PlatformConnector } from '../../../application/ports/platforms/PlatformConnector';
import { type FiguresRead, type PostFigures as ReadFigures, type PostReader } from '../../../application/ports/platforms/PostReader';
import { type TargetMetricsRow } from '../../../application/ports/TargetMetrics';
import { ConnectionCallSlots } from '../../../application/publishing/ConnectionCallSlots';
import { MemoryConnectionCredentials } from '../../../adapters/outbound/persistence/memory/MemoryConnectionCredentials';
import { MemoryConnectionRepository } from '../../../adapters/outbound/persistence/memory/MemoryConnectionRepository';
import { MemoryPostRepository } from '../../../adapters/outbound/persistence/memory/MemoryPostRepository';
import { MemoryTargetMetrics } from '../../../adapters/outbound/persistence/memory/MemoryTargetMetrics';
import { NO_COUNTS, type PostCounts } from '../../../domain/analytics/PostCounts';
import { Connection } from '../../../domain/connection/Connection';
import { type Platform } from '../../../domain/platform/Platform';
import { Post } from '../../../domain/post/Post';
import { group, targetOn } from '../../support/data/posts';
import { FixedClock } from '../../support/fixedClock';
import { oauth2Grant } from '../../support/platformTestKit';
import { markNeedsReconnect } from '../../support/webhookPieces';

export const MINUTE = 60_000;
export const HOUR = 3_600_000;
export const DAY = 86_400_000;
export const WORKSPACE = 'ws_figures';
/** When the first post of every test goes out. */
export const POSTED = new Date('2030-03-01T12:00:00.000Z');
export const at = (ms: number): Date => new Date(POSTED.getTime() + ms);
/** Every figure null (not reported) unless given. */
export const counts = (given: Partial<PostCounts>): PostCounts => ({ ...NO_COUNTS, ...given });

/** The service's own pace (config/analyticsConfig.ts), unless a test says otherwise. */
export const SETTINGS: FiguresSettings = { windowMs: 8 * DAY, batchSize: 200, leaseMs: MINUTE, readsPerHour: 30, retryMs: 30 * MINUTE };

/**
 * A platform's figures read as scripted, every call kept (whose account, which posts). By
 * default a post has 10 likes and 100 views more at each read of it; `answer` says otherwise.
 */
export class ScriptedFigures {
  readonly calls: Array<{ handle: string; ids: string[] }> = [];
  private readonly readsOf = new Map<string, number>();
  answer: ((handle: string, ids: readonly string[]) => FiguresRead | Promise<FiguresRead>) | null = null;

  constructor(readonly batchSize: number) {}

  reader(): PostReader {
    return {
      visibleWithinSeconds: 30,
      recentPosts: async () => ({ ok: true, posts: [] }),
      figuresBatchSize: this.batchSize,
      figures: async ({ account, platformPostIds }) => {
        this.calls.push({ handle: account.handle ?? '', ids: [...platformPostIds] });
        if (this.answer !== null) return this.answer(account.handle ?? '', platformPostIds);
        return { ok: true, figures: new Map(platformPostIds.map((id) => [id, this.growing(id)])) };
      },
    };
  }

  /** The default answer for one post: 10 likes and 100 views per read so far. */
  growing(id: string): ReadFigures {
    const reads = (this.readsOf.get(id) ?? 0) + 1;
    this.readsOf.set(id, reads);
    return { kind: 'counts', counts: counts({ likes: 10 * reads, views: 100 * reads }), raw: { like_count: 10 * reads } };
  }

  /** The calls made for `handle`. */
  callsOf(handle: string): string[][] {
    return this.calls.filter((c) => c.handle === handle).map((c) => c.ids);
  }
}

const connectorOf = (platform: Platform, reader: PostReader): PlatformConnector => ({
  platform,
  authorization: null,
  tokens: { needsRefresh: () => false, refresh: async (grant) => ({ ok: true, grant }), revoke: async () => undefined },
  publisher: {
    publish: async () => {
      throw new Error('these tests publish nothing');
    },
  },
  reader,
});

/** The collector and the API's reads on the in-memory adapters, a fixed clock, and X's figures scripted. */
export class FiguresWorld {
  readonly clock = new FixedClock(POSTED);
  readonly posts = new MemoryPostRepository();
  readonly metrics = new MemoryTargetMetrics(this.posts);
  readonly connections = new MemoryConnectionRepository();
  readonly credentials = new MemoryConnectionCredentials();
  readonly slots = new ConnectionCallSlots(1);
  readonly x: ScriptedFigures;
  readonly collector: CollectFigures;
  readonly figures: PostFigures;
  private readonly platformOf = new Map<string, Platform>();
  private published = 0;

  constructor(settings: Partial<FiguresSettings> = {}, batchSize = 100) {
    this.x = new ScriptedFigures(batchSize);
    const grants = new FreshGrants(this.credentials, markNeedsReconnect(this.connections, this.clock), this.clock);
    // X reads figures; LinkedIn's reader reports none; no other platform is configured.
    const linkedin: PostReader = { visibleWithinSeconds: 30, recentPosts: async () => ({ ok: true, posts: [] }) };
    const connectors = new PlatformConnectors([connectorOf('TWITTER', this.x.reader()), connectorOf('LINKEDIN', linkedin)]);
    this.collector = new CollectFigures(this.metrics, this.connections, connectors, grants, this.slots, this.clock, { ...SETTINGS, ...settings });
    this.figures = new PostFigures(this.posts, this.metrics, this.metrics, this.clock);
  }

  /** A connection of the workspace (its id `conn_<handle>`), with a grant unless it is a sandbox one. */
  async connection(handle: string, options: { platform?: Platform; sandbox?: boolean } = {}): Promise<string> {
    const id = `conn_${handle}`;
    const platform = options.platform ?? 'TWITTER';
    await this.connections.save(
      Connection.create({ id, workspaceId: WORKSPACE, platform, handle, sandbox: options.sandbox, accountId: `acct-${handle}`, now: POSTED }),
    );
    if (options.sandbox !== true)
      await this.credentials.save(id, oauth2Grant({ accessToken: `token-${handle}`, refreshToken: null }, { accessMs: 365 * DAY, refreshMs: null }, []));
    this.platformOf.set(id, platform);
    return id;
  }

  /** A post published on `connectionId` at `postedAt`: its id, its target's and the platform's id of it. */
  async publish(connectionId: string, postedAt: Date): Promise<{ postId: string; targetId: string; platformPostId: string }> {
    const platform = this.platformOf.get(connectionId)!;
    this.published += 1;
    const targetId = `t${this.published}_${connectionId}`;
    const post = Post.create(
      {
        id: `p_${targetId}`,
        workspaceId: WORKSPACE,
        groups: [group()],
        targets: [{ id: targetId, ...targetOn(connectionId, platform), scheduledAt: new Date(postedAt.getTime() - MINUTE) }],
        intent: 'schedule',
      },
      {
        now: new Date(postedAt.getTime() - HOUR),
        reviewRequired: false,
        connectionOf: (id) => (id === connectionId ? { platform, workspaceId: WORKSPACE } : undefined),
      },
    );
    await this.posts.save(post);
    post.startPublishing(targetId, new Date(postedAt.getTime() - MINUTE));
    post.markPublished(targetId, { platformPostId: `pp-${targetId}`, platformPostUrl: null, postedAt }, postedAt);
    await this.posts.save(post);
    return { postId: post.id, targetId, platformPostId: `pp-${targetId}` };
  }

  /** One collection round at `now`. */
  runAt(now: Date) {
    this.clock.set(now);
    return this.collector.run('test-worker');
  }

  /** The post's one target's figures, as GET …/metrics shows them. */
  async row(postId: string): Promise<TargetMetricsRow> {
    const rows = await this.figures.ofPost(WORKSPACE, postId, false);
    if (rows.length !== 1) throw new Error(`expected one target, got ${rows.length}`);
    return rows[0]!;
  }
}
