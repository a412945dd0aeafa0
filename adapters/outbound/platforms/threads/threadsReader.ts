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
import { insightValues, isGone, throttleWait } from '../kit/metaInsights';
import { readFailure } from '../kit/outcomes';
import { asOAuth2, graphGet, graphJson, THREADS_ERRORS, type ThreadsSettings } from './threadsApi';
import { permalinkOf } from './threadsContainers';

/** Reading replies is a permission of its own, asked for at connect since issue 20 (docs/platforms.md, Threads). */
export const READ_REPLIES_SCOPE = 'threads_read_replies';

/** A post's insights need their own permission, asked for at connect since issue 22 (docs/analytics.md, Threads). */
export const INSIGHTS_SCOPE = 'threads_manage_insights';

/**
 * Every media metric Threads documents (https://developers.facebook.com/documentation/threads/insights).
 * Its names are the seven's where they meet (views, likes, replies, reposts, quotes); `shares`
 * (sent on, not reposted) stays in the raw figures only.
 */
const METRICS = 'views,likes,replies,reposts,quotes,shares';

const FIELDS = 'id,text,timestamp,permalink,media_type,children';

interface ListedMedia {
  readonly id?: unknown;
  readonly text?: unknown;
  readonly timestamp?: unknown;
  readonly permalink?: unknown;
  readonly media_type?: unknown;
  readonly children?: { readonly data?: unknown };
  readonly replied_to?: unknown;
}

/**
 * The profile's recent posts, from `since` on: top-level ones from `GET /{user-id}/threads`
 * (`threads_basic`), which lists no replies; for a reply (a thread's later segment), the
 * profile's replies from `GET /{user-id}/replies` (`threads_read_replies`), each naming the post
 * it answers (`replied_to`). A connection made before Dispatch asked for `threads_read_replies`
 * cannot read its replies: the read says to connect again. What settles a lost `threads_publish`.
 */
export class ThreadsReader implements PostReader {
  /** Threads lists a post as soon as `threads_publish` answers; a minute covers its slower moments. */
  readonly visibleWithinSeconds = 60;

  /** Threads reads one post's insights per call. */
  readonly figuresBatchSize = 1;

  constructor(private readonly settings: ThreadsSettings) {}

  async recentPosts({ account, grant, since, replyTo }: RecentPostsQuery): Promise<RecentPosts> {
    const oauth = asOAuth2(grant);
    if (replyTo !== null && !oauth.scopes.includes(READ_REPLIES_SCOPE)) {
      return { ok: false, reason: `the connection was made before Dispatch asked Threads for ${READ_REPLIES_SCOPE}: connect it again to read replies back` };
    }
    const user = encodeURIComponent(account.accountId ?? 'me');
    const edge = replyTo === null ? `${user}/threads` : `${user}/replies`;
    const fields = replyTo === null ? FIELDS : `${FIELDS},replied_to`;
    // Threads takes `since` as a Unix time.
    const params = { fields, since: String(Math.floor(since.getTime() / 1000)), limit: '100' };
    const answer = await graphGet(this.settings, edge, oauth.accessToken, params);
    const body = graphJson(answer);
    if (body === null) return { ok: false, reason: readFailure(answer, THREADS_ERRORS) };
    const listed = Array.isArray(body.data) ? (body.data as ListedMedia[]) : [];
    return { ok: true, posts: listed.flatMap((media) => postOf(media, replyTo !== null)) };
  }

  /**
   * Each post's `GET /{threads-media-id}/insights?metric=…` (`threads_manage_insights`); a
   * connection made before Dispatch asked for it is told to connect again, nothing sent. A post
   * Threads no longer has (100/33) is deleted; an empty answer (Threads' own facade of a
   * repost) is not reported.
   */
  async figures({ grant, platformPostIds }: FiguresQuery): Promise<FiguresRead> {
    const oauth = asOAuth2(grant);
    if (!oauth.scopes.includes(INSIGHTS_SCOPE)) {
      const reason = `the connection was made before Dispatch asked Threads for ${INSIGHTS_SCOPE}: connect it again to read posts' figures`;
      return { ok: false, reason, retryAfterSeconds: null };
    }
    const figures = new Map<string, PostFigures>();
    for (const id of platformPostIds) {
      const answer = await graphGet(this.settings, `${encodeURIComponent(id)}/insights`, oauth.accessToken, { metric: METRICS });
      const body = graphJson(answer);
      if (body !== null) {
        const raw = insightValues(body.data);
        if (Object.keys(raw).length > 0) figures.set(id, { kind: 'counts', counts: countsOf(raw), raw });
      } else if (isGone(answer)) figures.set(id, { kind: 'deleted' });
      else return { ok: false, reason: readFailure(answer, THREADS_ERRORS), retryAfterSeconds: throttleWait(answer, THREADS_ERRORS, this.settings.now()) };
    }
    return { ok: true, figures };
  }
}

/** Threads' media types as it lists them: a carousel names its children; a text post has no media. */
function mediaCountOf(media: ListedMedia): number | null {
  switch (media.media_type) {
    case 'TEXT_POST':
      return 0;
    case 'IMAGE':
    case 'VIDEO':
      return 1;
    case 'CAROUSEL_ALBUM':
      return Array.isArray(media.children?.data) ? media.children.data.length : null;
    default:
      return null;
  }
}

/** `replied_to` is the parent as an object (`{id}`); a string is taken too. */
function parentOf(repliedTo: unknown): string | null {
  if (typeof repliedTo === 'string') return repliedTo;
  const id = (repliedTo as { id?: unknown } | null)?.id;
  return typeof id === 'string' ? id : null;
}

function postOf(media: ListedMedia, reply: boolean): PostOnPlatform[] {
  if (typeof media.id !== 'string') return [];
  const createdAt = typeof media.timestamp === 'string' ? new Date(media.timestamp) : null;
  const parent = reply ? parentOf(media.replied_to) : null;
  return [
    {
      platformPostId: media.id,
      platformPostUrl: permalinkOf(media.permalink),
      // A media post without a caption has no `text`.
      text: typeof media.text === 'string' ? media.text : '',
      createdAt: createdAt !== null && !Number.isNaN(createdAt.getTime()) ? createdAt : null,
      mediaCount: mediaCountOf(media),
      // A top-level post answers nothing; a reply without `replied_to` leaves its parent unknown.
      ...(reply && parent === null ? {} : { replyToPlatformPostId: parent }),
    },
  ];
}
