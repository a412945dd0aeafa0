import {
  type FiguresQuery,
  type FiguresRead,
  type PostFigures,
  type PostOnPlatform,
  type PostReader,
  type RecentPosts,
  type RecentPostsQuery,
} from '../../../../application/ports/platforms/PostReader';
import { type CountName, countsOf } from '../../../../domain/analytics/PostCounts';
import { okJson, type PlatformAnswer } from '../kit/http';
import { readFailure } from '../kit/outcomes';
import { asOAuth2, FACEBOOK_ERRORS, type FacebookSettings, graphGet, objectGone, throttleWait } from './facebookApi';
import { postUrl } from './facebookMedia';
import { commentPlatformId, commentUrl, rootPostId } from './facebookPublisher';
import { pageToken } from './facebookTokens';

/** What reading the Page needs (docs/platforms.md, "Read-back and analytics endpoints"); asked for at connect. */
const READ_PERMISSION = 'pages_read_engagement';

/** A post's views and clicks are Page insights: their own permission, asked for at connect since issue 22, optional (docs/analytics.md, Facebook). */
export const INSIGHTS_PERMISSION = 'read_insights';

/** Every object's reactions and comments as totals (no items); a post (`{page}_{post}`) has `shares` too, a video does not. */
const TOTALS = 'reactions.limit(0).summary(total_count),comments.limit(0).summary(true)';

interface Listed {
  readonly id?: unknown;
  readonly message?: unknown;
  readonly description?: unknown;
  readonly created_time?: unknown;
  readonly from?: { readonly id?: unknown };
  readonly attachments?: { readonly data?: ReadonlyArray<Attachment> };
}

interface Attachment {
  readonly media_type?: unknown;
  readonly target?: { readonly id?: unknown };
  readonly subattachments?: { readonly data?: readonly unknown[] };
}

/**
 * The Page's recent posts, with the Page's token and `pages_read_engagement`: its videos
 * (`GET /{page-id}/videos`, listed while Facebook still processes them, under the video's id
 * as the publisher records a video) and its published posts (`GET /{page-id}/published_posts`);
 * for a comment, the comments the Page made under the post (`GET /{post-id}/comments`). What
 * settles a post or a comment whose answer was lost.
 */
export class FacebookReader implements PostReader {
  /** Facebook lists a Page's new post, video or comment within seconds. */
  readonly visibleWithinSeconds = 60;

  /** Facebook reads one post's fields (and insights) per call. */
  readonly figuresBatchSize = 1;

  constructor(private readonly settings: FacebookSettings) {}

  async recentPosts({ account, grant, since, replyTo }: RecentPostsQuery): Promise<RecentPosts> {
    const access = await this.pageAccess(account, grant);
    if (!access.ok) return access;
    const { pageId, token } = access;
    return replyTo === null ? this.posts(pageId, token, since) : this.comments(pageId, rootPostId(replyTo), token, since);
  }

  /**
   * Each post's reaction, comment and share totals (`GET /{post-id}?fields=…`, the Page token,
   * pages_read_engagement), and with read_insights its `post_media_view` and `post_clicks`
   * (`GET /{post-id}/insights`). Insights Facebook will not give (a Page under 100 likes, a
   * metric retired) leave views and clicks null; a throttle fails the read. A post Facebook no
   * longer has (100/33) is deleted.
   */
  async figures({ account, grant, platformPostIds }: FiguresQuery): Promise<FiguresRead> {
    const access = await this.pageAccess(account, grant);
    if (!access.ok) return { ...access, retryAfterSeconds: null };
    const insights = asOAuth2(grant).scopes.includes(INSIGHTS_PERMISSION);
    const figures = new Map<string, PostFigures>();
    for (const id of platformPostIds) {
      const post = id.includes('_');
      const totals = await graphGet(this.settings, `/${encodeURIComponent(id)}`, access.token, { fields: post ? `${TOTALS},shares` : TOTALS });
      const fields = okJson(totals);
      if (fields === null && !objectGone(totals)) return this.failed(totals);
      if (fields === null) {
        figures.set(id, { kind: 'deleted' });
        continue;
      }
      const metrics = post && insights ? await graphGet(this.settings, `/${encodeURIComponent(id)}/insights`, access.token, { metric: METRICS }) : null;
      if (metrics !== null && throttleWait(metrics, this.settings.now()) !== null) return this.failed(metrics);
      figures.set(id, countsFrom(fields, metrics === null ? null : okJson(metrics)));
    }
    return { ok: true, figures };
  }

  /** The Page the connection publishes as, and its token, where the connection may read it. */
  private async pageAccess(account: RecentPostsQuery['account'], grant: RecentPostsQuery['grant']) {
    const pageId = account.publishAs?.kind === 'page' ? account.publishAs.id : null;
    if (pageId === null) return { ok: false as const, reason: 'this Facebook connection has no Page to read back' };
    const scopes = asOAuth2(grant).scopes;
    if (scopes.length > 0 && !scopes.includes(READ_PERMISSION)) {
      const reason = `Facebook: reading the Page back needs ${READ_PERMISSION}, which this connection was not granted: connect the account again`;
      return { ok: false as const, reason };
    }
    const token = await pageToken(this.settings, grant, pageId);
    if (!token.ok) return { ok: false as const, reason: 'reason' in token.outcome ? token.outcome.reason : 'Facebook gave no Page token' };
    return { ok: true as const, pageId, token: token.token };
  }

  private failed(answer: PlatformAnswer): FiguresRead {
    return { ok: false, reason: readFailure(answer, FACEBOOK_ERRORS), retryAfterSeconds: throttleWait(answer, this.settings.now()) };
  }

  private async posts(pageId: string, token: string, since: Date): Promise<RecentPosts> {
    const window = { since: Math.floor(since.getTime() / 1000), limit: 100 };
    const videos = await this.list(`/${pageId}/videos`, token, { fields: 'id,description,created_time', ...window });
    if (!videos.ok) return videos;
    const posts = await this.list(`/${pageId}/published_posts`, token, { fields: 'id,message,created_time,attachments', ...window });
    if (!posts.ok) return posts;
    return { ok: true, posts: [...videos.listed.flatMap(videoOf), ...posts.listed.flatMap(postOf)] };
  }

  private async comments(pageId: string, postId: string, token: string, since: Date): Promise<RecentPosts> {
    const query = { filter: 'stream', order: 'reverse_chronological', fields: 'id,message,created_time,from', limit: 100 };
    const comments = await this.list(`/${postId}/comments`, token, query);
    if (!comments.ok) return comments;
    const byPage = comments.listed.filter((c) => c.from?.id === pageId && (dateOf(c.created_time)?.getTime() ?? Infinity) >= since.getTime());
    return { ok: true, posts: byPage.flatMap((comment) => commentOf(postId, comment)) };
  }

  private async list(path: string, token: string, query: Record<string, string | number>) {
    const answer = await graphGet(this.settings, path, token, query);
    const data = okJson(answer)?.data;
    if (!Array.isArray(data)) return { ok: false as const, reason: readFailure(answer, FACEBOOK_ERRORS) };
    return { ok: true as const, listed: data as Listed[] };
  }
}

/** Views (`post_media_view`, what replaced `post_impressions` in November 2025) and clicks anywhere on the post. */
const METRICS = 'post_media_view,post_clicks';

/** Reactions of every kind are likes, comments replies, shares reposts; views and clicks from insights where read; no quotes or saves. */
function countsFrom(fields: Record<string, unknown>, insights: Record<string, unknown> | null): PostFigures {
  const total = (edge: string) => (fields[edge] as { summary?: { total_count?: unknown } } | undefined)?.summary?.total_count;
  const metrics = (Array.isArray(insights?.data) ? insights.data : []) as Array<{ name?: unknown; values?: Array<{ value?: unknown }> }>;
  const metric = (name: string) => metrics.find((m) => m.name === name)?.values?.[0]?.value;
  const found: Array<[CountName, string, unknown]> = [
    ['likes', 'reactions.summary.total_count', total('reactions')],
    ['replies', 'comments.summary.total_count', total('comments')],
    ['reposts', 'shares.count', (fields.shares as { count?: unknown } | undefined)?.count],
    ['views', 'post_media_view', metric('post_media_view')],
    ['clicks', 'post_clicks', metric('post_clicks')],
  ];
  const raw = Object.fromEntries(found.filter(([, , value]) => typeof value === 'number').map(([, name, value]) => [name, value as number]));
  return { kind: 'counts', counts: countsOf(Object.fromEntries(found.map(([count, , value]) => [count, value]))), raw };
}

function dateOf(value: unknown): Date | null {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date !== null && !Number.isNaN(date.getTime()) ? date : null;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

function videoOf(video: Listed): PostOnPlatform[] {
  if (typeof video.id !== 'string') return [];
  return [
    { platformPostId: video.id, platformPostUrl: postUrl(video.id), text: text(video.description), createdAt: dateOf(video.created_time), mediaCount: 1 },
  ];
}

/** How many media an attachment carries: an album's photos, one photo or video, none for a link's preview; null for what it does not say. */
function mediaCountOf(attachment: Attachment | undefined): number | null {
  if (attachment === undefined) return 0;
  if (Array.isArray(attachment.subattachments?.data)) return attachment.subattachments.data.length;
  if (attachment.media_type === 'photo' || attachment.media_type === 'video') return 1;
  return attachment.media_type === 'link' ? 0 : null;
}

function postOf(post: Listed): PostOnPlatform[] {
  if (typeof post.id !== 'string') return [];
  const attachment = post.attachments?.data?.[0];
  // A video's post is recorded under the video's id, as the publisher records it.
  const videoId = attachment?.media_type === 'video' && typeof attachment.target?.id === 'string' ? attachment.target.id : null;
  const id = videoId ?? post.id;
  return [
    { platformPostId: id, platformPostUrl: postUrl(id), text: text(post.message), createdAt: dateOf(post.created_time), mediaCount: mediaCountOf(attachment) },
  ];
}

function commentOf(postId: string, comment: Listed): PostOnPlatform[] {
  if (typeof comment.id !== 'string') return [];
  const id = comment.id;
  return [
    {
      platformPostId: commentPlatformId(postId, id),
      platformPostUrl: commentUrl(postId, id),
      text: text(comment.message),
      createdAt: dateOf(comment.created_time),
      mediaCount: null,
    },
  ];
}
