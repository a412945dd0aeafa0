import { type AppBskyFeedDefs, type AppBskyFeedPost, AtUri, type ComAtprotoRepoListRecords } from '@atproto/api';
import {
  type FiguresQuery,
  type FiguresRead,
  type PostFigures,
  type PostOnPlatform,
  type PostReader,
  type RecentPosts,
} from '../../../../application/ports/platforms/PostReader';
import { type AtprotoSessionGrant } from '../../../../application/ports/platforms/PlatformGrant';
import { countsOf } from '../../../../domain/analytics/PostCounts';
import { systemNow } from '../../clock/SystemClock';
import { RETRY_SECONDS } from '../kit/outcomes';
import { POSTS, postUrlOf, RECORD_KEY_LAG_MS, recordKeyTime } from './blueskyRecord';
import { type FetchFunction, sessionAgent } from './blueskySession';
import { xrpcFailure } from './xrpcFailure';

type RecentPostsQuery = Parameters<PostReader['recentPosts']>[0];

/** How much one read goes through: pages of listRecords (100 at most each, its lexicon says). */
export interface BlueskyReadBounds {
  readonly pageSize: number;
  readonly maxPages: number;
}

const DEFAULT_BOUNDS: BlueskyReadBounds = { pageSize: 100, maxPages: 3 };

/** Where posts' figures are read: an AppView (a PDS keeps records, not counts), and the clock its rate-limit reset is read against. */
export interface BlueskyFiguresSource {
  readonly appViewUrl: string;
  readonly clock: () => Date;
}

/** Bluesky's public AppView: app.bsky.* reads without a session. */
export const PUBLIC_APPVIEW_URL = 'https://public.api.bsky.app';

const PUBLIC_APPVIEW: BlueskyFiguresSource = { appViewUrl: PUBLIC_APPVIEW_URL, clock: systemNow };

/**
 * The account's posts read back from its own repository: com.atproto.repo.listRecords on
 * app.bsky.feed.post, which every PDS serves itself (app.bsky.* reads need an app view, which
 * a PDS may not have), with the connection's session. The PDS lists records by record key,
 * newest first; this connector's keys lag a post's creation by at most RECORD_KEY_LAG_MS, so
 * the read ends at the first key that much older than `since`. An account that posted more
 * than the bounds hold in that span is not read in part: the read fails, and the outcome stays
 * unknown rather than be called "not posted" on a partial list.
 */
export class BlueskyReader implements PostReader {
  /**
   * A record is listed the moment createRecord commits it, so a post found settles at the
   * engine's first read (5 s on). Absent is believed only later: a PDS slow enough that the
   * call gave up on it may still be committing the request it received.
   */
  readonly visibleWithinSeconds = 30;

  /** app.bsky.feed.getPosts takes at most 25 uris (its lexicon's `maxLength`). */
  readonly figuresBatchSize = 25;

  constructor(
    private readonly fetch: FetchFunction,
    private readonly bounds: BlueskyReadBounds = DEFAULT_BOUNDS,
    private readonly source: BlueskyFiguresSource = PUBLIC_APPVIEW,
  ) {}

  async recentPosts({ grant, since }: RecentPostsQuery): Promise<RecentPosts> {
    if (grant.kind !== 'atproto_session') return { ok: false, reason: 'the connection holds no Bluesky session' };
    const agent = sessionAgent(grant.service, grant.accessJwt, this.fetch);
    const keysFrom = since.getTime() - RECORD_KEY_LAG_MS;
    const posts: PostOnPlatform[] = [];
    let cursor: string | undefined;
    let previousKey: string | null = null;
    for (let page = 0; page < this.bounds.maxPages; page += 1) {
      let listed: ComAtprotoRepoListRecords.OutputSchema;
      try {
        ({ data: listed } = await agent.com.atproto.repo.listRecords({ repo: grant.did, collection: POSTS, limit: this.bounds.pageSize, cursor }));
      } catch (thrown) {
        return { ok: false, reason: `Bluesky did not list the account's posts: ${xrpcFailure(thrown, this.source.clock()).reason}` };
      }
      for (const record of listed.records) {
        const rkey = new AtUri(record.uri).rkey;
        // Stopping early is sound only on a list in descending key order, the one the reference PDS gives.
        if (previousKey !== null && rkey >= previousKey) return { ok: false, reason: 'the PDS did not list the posts newest first' };
        previousKey = rkey;
        const keyTime = recordKeyTime(rkey);
        if (keyTime !== null && keyTime.getTime() < keysFrom) return { ok: true, posts: newestFirst(posts) };
        const post = postOf(record);
        if (post.createdAt === null || post.createdAt >= since) posts.push(post);
      }
      if (listed.cursor === undefined || listed.records.length < this.bounds.pageSize) return { ok: true, posts: newestFirst(posts) };
      cursor = listed.cursor;
    }
    const most = this.bounds.pageSize * this.bounds.maxPages;
    return { ok: false, reason: `the account's posts from that time on run past ${most} records, more than one read goes through` };
  }

  /**
   * The posts' counts from the AppView (app.bsky.feed.getPosts, public, no session: the
   * counts are public). A post the answer leaves out is deleted, or not indexed (yet), or
   * hidden by the AppView's moderation: the account's own repository tells them apart
   * (com.atproto.repo.getRecord, RecordNotFound: deleted); otherwise it is not reported this time.
   */
  async figures({ grant, platformPostIds }: FiguresQuery): Promise<FiguresRead> {
    let views: AppBskyFeedDefs.PostView[];
    try {
      const appView = sessionAgent(this.source.appViewUrl, null, this.fetch);
      views = (await appView.app.bsky.feed.getPosts({ uris: [...platformPostIds] })).data.posts;
    } catch (thrown) {
      const failure = xrpcFailure(thrown, this.source.clock());
      const wait = failure.kind === 'answered' && failure.status === 429 ? (failure.afterSeconds ?? RETRY_SECONDS) : null;
      return { ok: false, reason: `Bluesky's AppView did not report the posts: ${failure.reason}`, retryAfterSeconds: wait };
    }
    const figures = new Map<string, PostFigures>();
    for (const view of views) if (platformPostIds.includes(view.uri)) figures.set(view.uri, countsFrom(view));
    if (grant.kind !== 'atproto_session') return { ok: true, figures };
    for (const uri of platformPostIds.filter((id) => !figures.has(id))) {
      if (await this.goneFromRepository(grant, uri)) figures.set(uri, { kind: 'deleted' });
    }
    return { ok: true, figures };
  }

  /** Whether the account's repository no longer holds the record (a failed read proves nothing). */
  private async goneFromRepository(grant: AtprotoSessionGrant, uri: string): Promise<boolean> {
    const { host: repo, collection, rkey } = new AtUri(uri);
    try {
      await sessionAgent(grant.service, grant.accessJwt, this.fetch).com.atproto.repo.getRecord({ repo, collection, rkey });
      return false;
    } catch (thrown) {
      const failure = xrpcFailure(thrown, this.source.clock());
      return failure.kind === 'answered' && failure.error === 'RecordNotFound';
    }
  }
}

/** The AppView's counts; it reports no views or clicks, so those stay null. */
function countsFrom(view: AppBskyFeedDefs.PostView): PostFigures {
  const own = {
    likeCount: view.likeCount,
    repostCount: view.repostCount,
    replyCount: view.replyCount,
    quoteCount: view.quoteCount,
    bookmarkCount: view.bookmarkCount,
  };
  const raw = Object.fromEntries(Object.entries(own).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  const counts = countsOf({ likes: own.likeCount, reposts: own.repostCount, replies: own.replyCount, quotes: own.quoteCount, saves: own.bookmarkCount });
  return { kind: 'counts', counts, raw };
}

/** By creation time: record keys keep it only to within their lag. */
const newestFirst = (posts: PostOnPlatform[]) => posts.sort((a, b) => (b.createdAt?.getTime() ?? 0) - (a.createdAt?.getTime() ?? 0));

function postOf(record: ComAtprotoRepoListRecords.Record): PostOnPlatform {
  const value = record.value as Partial<AppBskyFeedPost.Record>;
  const createdAt = typeof value.createdAt === 'string' ? new Date(value.createdAt) : null;
  return {
    platformPostId: record.uri,
    platformPostUrl: postUrlOf(record.uri),
    text: typeof value.text === 'string' ? value.text : '',
    createdAt: createdAt !== null && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
    mediaCount: mediaCountOf(value.embed),
    replyToPlatformPostId: value.reply?.parent?.uri ?? null,
  };
}

/** Images of an images embed, 1 for a video, the media of a quote with media; 0 for a link card, a quote or none. */
function mediaCountOf(embed: unknown): number {
  if (typeof embed !== 'object' || embed === null) return 0;
  const typed = embed as { $type?: unknown; images?: unknown; media?: unknown };
  switch (typed.$type) {
    case 'app.bsky.embed.images':
      return Array.isArray(typed.images) ? typed.images.length : 0;
    case 'app.bsky.embed.video':
      return 1;
    case 'app.bsky.embed.recordWithMedia':
      return mediaCountOf(typed.media);
    default:
      return 0;
  }
}
