import {
  type FiguresQuery,
  type FiguresRead,
  type PostFigures,
  type PostOnPlatform,
  type PostReader,
  type RecentPosts,
  type RecentPostsQuery,
} from '../../../../application/ports/platforms/PostReader';
import { countsOf } from '../../../../domain/analytics/PostCounts';
import { okJson } from '../kit/http';
import { insightValues, isGone, throttleWait } from '../kit/metaInsights';
import { readFailure } from '../kit/outcomes';
import { asOAuth2, INSTAGRAM_ERRORS, InstagramGraph, type InstagramSettings } from './instagramApi';
import { commentId, rootMediaId } from './instagramPublisher';

/** A post's insights need their own permission, asked for at connect since issue 22 (docs/analytics.md, Instagram). */
export const INSIGHTS_PERMISSION = 'instagram_business_manage_insights';

/**
 * The metrics both kinds of post this connector makes report, a feed post (an image, a
 * carousel) and a reel: asking one a media type lacks fails the whole call (docs/platforms.md,
 * Instagram; `impressions` and `plays` are gone since April 2025).
 */
const METRICS = 'views,reach,likes,comments,saved,shares,total_interactions';

interface ListedMedia {
  readonly id?: unknown;
  readonly caption?: unknown;
  readonly media_type?: unknown;
  readonly permalink?: unknown;
  readonly timestamp?: unknown;
  readonly children?: { readonly data?: readonly unknown[] };
}

interface ListedComment {
  readonly id?: unknown;
  readonly text?: unknown;
  readonly timestamp?: unknown;
  readonly username?: unknown;
}

/**
 * The account's recent media (`GET /{ig-user-id}/media`, instagram_business_basic, granted at
 * connect): caption, time, permalink and how many items (a carousel's children); for a
 * comment, the account's own comments under the post (`GET /{ig-media-id}/comments`, with
 * instagram_business_manage_comments) and the post's permalink, which the publisher gives a
 * comment. What settles a media_publish or a comment whose answer was lost.
 */
export class InstagramReader implements PostReader {
  /** Instagram lists a published post or a comment within seconds. */
  readonly visibleWithinSeconds = 60;

  /** Instagram reads one post's insights per call. */
  readonly figuresBatchSize = 1;

  constructor(private readonly settings: InstagramSettings) {}

  async recentPosts({ account, grant, since, replyTo }: RecentPostsQuery): Promise<RecentPosts> {
    if (account.accountId === null) return { ok: false, reason: 'the connection does not know its Instagram user id: connect it again' };
    const graph = new InstagramGraph(this.settings, asOAuth2(grant).accessToken);
    if (replyTo !== null) return this.comments(graph, rootMediaId(replyTo), account.handle, since);
    const fields = 'id,caption,media_type,permalink,timestamp,children';
    const answer = await graph.get(`${account.accountId}/media`, { fields, since: Math.floor(since.getTime() / 1000) });
    const data = okJson(answer)?.data;
    if (!Array.isArray(data)) return { ok: false, reason: readFailure(answer, INSTAGRAM_ERRORS) };
    return { ok: true, posts: (data as ListedMedia[]).flatMap(mediaOf) };
  }

  private async comments(graph: InstagramGraph, mediaId: string, username: string, since: Date): Promise<RecentPosts> {
    const answer = await graph.get(`${mediaId}/comments`, { fields: 'id,text,timestamp,username' });
    const data = okJson(answer)?.data;
    if (!Array.isArray(data)) return { ok: false, reason: readFailure(answer, INSTAGRAM_ERRORS) };
    const permalink = await graph.permalink(mediaId);
    const own = (data as ListedComment[]).filter((c) => c.username === username && (dateOf(c.timestamp)?.getTime() ?? Infinity) >= since.getTime());
    return { ok: true, posts: own.flatMap((comment) => commentOf(mediaId, permalink, comment)) };
  }

  /**
   * Each post's `GET /{ig-media-id}/insights?metric=…` (instagram_business_manage_insights; a
   * connection whose granted permissions lack it is told to connect again, nothing sent). A
   * post Instagram no longer has (100/33) is deleted; an empty answer (insights not ready, up
   * to 48 h late) is not reported; Instagram's own refusals ("not enough viewers") fail the read
   * in its words.
   */
  async figures({ grant, platformPostIds }: FiguresQuery): Promise<FiguresRead> {
    const oauth = asOAuth2(grant);
    // Instagram does not always list what was granted: only a list without it proves it missing.
    if (oauth.scopes.length > 0 && !oauth.scopes.includes(INSIGHTS_PERMISSION)) {
      const reason = `this Instagram connection was not granted ${INSIGHTS_PERMISSION} (asked for since issue 22): connect it again, allowing it, to read posts' figures`;
      return { ok: false, reason, retryAfterSeconds: null };
    }
    const graph = new InstagramGraph(this.settings, oauth.accessToken);
    const figures = new Map<string, PostFigures>();
    for (const id of platformPostIds) {
      const answer = await graph.get(`${encodeURIComponent(id)}/insights`, { metric: METRICS });
      const body = okJson(answer);
      if (body !== null) {
        const raw = insightValues(body.data);
        if (Object.keys(raw).length > 0) figures.set(id, countsFrom(raw));
      } else if (isGone(answer)) figures.set(id, { kind: 'deleted' });
      else return { ok: false, reason: readFailure(answer, INSTAGRAM_ERRORS), retryAfterSeconds: throttleWait(answer, INSTAGRAM_ERRORS, this.settings.now()) };
    }
    return { ok: true, figures };
  }
}

/** Instagram's names to the seven: its comments are replies, its shares reposts, `saved` saves; it reports no quotes or clicks of a post. */
function countsFrom(raw: Record<string, number>): PostFigures {
  const counts = countsOf({ likes: raw.likes, reposts: raw.shares, replies: raw.comments, saves: raw.saved, views: raw.views });
  return { kind: 'counts', counts, raw };
}

function dateOf(value: unknown): Date | null {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date !== null && !Number.isNaN(date.getTime()) ? date : null;
}

function mediaOf(media: ListedMedia): PostOnPlatform[] {
  if (typeof media.id !== 'string') return [];
  const children = media.children?.data;
  const mediaCount = media.media_type === 'CAROUSEL_ALBUM' ? (Array.isArray(children) ? children.length : null) : 1;
  return [
    {
      platformPostId: media.id,
      platformPostUrl: typeof media.permalink === 'string' ? media.permalink : null,
      text: typeof media.caption === 'string' ? media.caption : '',
      createdAt: dateOf(media.timestamp),
      mediaCount,
    },
  ];
}

function commentOf(mediaId: string, permalink: string | null, comment: ListedComment): PostOnPlatform[] {
  if (typeof comment.id !== 'string') return [];
  const text = typeof comment.text === 'string' ? comment.text : '';
  return [{ platformPostId: commentId(mediaId, comment.id), platformPostUrl: permalink, text, createdAt: dateOf(comment.timestamp), mediaCount: null }];
}
