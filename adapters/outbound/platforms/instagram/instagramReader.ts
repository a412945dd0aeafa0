import { type PostOnPlatform, type PostReader, type RecentPosts, type RecentPostsQuery } from '../../../../application/ports/platforms/PostReader';
import { okJson } from '../kit/http';
import { readFailure } from '../kit/outcomes';
import { asOAuth2, INSTAGRAM_ERRORS, InstagramGraph, type InstagramSettings } from './instagramApi';
import { commentId, rootMediaId } from './instagramPublisher';

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
