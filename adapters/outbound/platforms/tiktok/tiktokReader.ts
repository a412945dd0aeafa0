import {
  type FiguresQuery,
  type FiguresRead,
  type PostFigures,
  type PostReader,
  type RecentPosts,
  type RecentPostsQuery,
} from '../../../../application/ports/platforms/PostReader';
import { countsOf } from '../../../../domain/analytics/PostCounts';
import { type PlatformAnswer } from '../kit/http';
import { meaningOf, readFailure, waitSeconds } from '../kit/outcomes';
import { asOAuth2, callOpenApi, dataOf, TIKTOK_ERRORS, type TikTokSettings } from './tiktokApi';

/** Reading the creator's public videos (TikTok's Display API): asked for only with the `videoList` option. */
export const VIDEO_LIST_SCOPE = 'video.list';

/** The video fields read, as TikTok names them: its id and the four counts it reports. */
const FIELDS = ['id', 'like_count', 'comment_count', 'share_count', 'view_count'];

/** A public post's id is a (64-bit) number; a private post is known by its publish_id (tiktokPublisher.ts). */
const PUBLIC_POST_ID = /^\d+$/;

/**
 * Figures only (docs/analytics.md): `POST /v2/video/query/?fields=…` with `{filters: {video_ids}}`,
 * 20 videos a call (TikTok's bound), scope `video.list`. TikTok answers with the videos of those
 * asked for that are the creator's and public; it says nothing of the others, so a video left out
 * (deleted, private, still in moderation) is not reported, never called deleted. A private
 * (SELF_ONLY) post, all an app TikTok has not audited may make, has no public id and no figures.
 *
 * Nothing is read back: TikTok's posts are settled by their publish_id (TikTokConnector.ts), so
 * `recentPosts` says so without a call, and a lost answer stays unknown as it would without a reader.
 */
export class TikTokReader implements PostReader {
  /** Unused: nothing is read back. */
  readonly visibleWithinSeconds = 60;

  readonly figuresBatchSize = 20;

  constructor(private readonly settings: TikTokSettings) {}

  async recentPosts(_query: RecentPostsQuery): Promise<RecentPosts> {
    return { ok: false, reason: "TikTok's posts are settled by their publish_id's status: its list shows public, moderated videos only" };
  }

  async figures({ grant, platformPostIds }: FiguresQuery): Promise<FiguresRead> {
    const oauth = asOAuth2(grant);
    if (oauth.scopes.length > 0 && !oauth.scopes.includes(VIDEO_LIST_SCOPE)) {
      return refused(`the connection was made before Dispatch asked TikTok for ${VIDEO_LIST_SCOPE}: connect it again to read its videos' figures`);
    }
    const videoIds = platformPostIds.filter((id) => PUBLIC_POST_ID.test(id));
    if (videoIds.length === 0) return refused('TikTok reports figures of public videos only: a private (SELF_ONLY) post has none');
    const answer = await callOpenApi(this.settings, oauth.accessToken, `/v2/video/query/?fields=${FIELDS.join(',')}`, { filters: { video_ids: videoIds } });
    const data = dataOf(answer);
    if (data === null) return this.failed(answer);
    const figures = new Map<string, PostFigures>();
    for (const video of Array.isArray(data.videos) ? (data.videos as Array<Record<string, unknown>>) : []) {
      if (typeof video.id === 'string' && videoIds.includes(video.id)) figures.set(video.id, figuresOf(video));
    }
    return { ok: true, figures };
  }

  /** Why the read failed, in TikTok's words; on `rate_limit_exceeded` (429), how long to wait (Retry-After, else a minute). */
  private failed(answer: PlatformAnswer): FiguresRead {
    const throttled = answer.kind === 'answered' && meaningOf(answer, TIKTOK_ERRORS) === 'throttled';
    const retryAfterSeconds = throttled ? waitSeconds(answer, TIKTOK_ERRORS, this.settings.now()) : null;
    return { ok: false, reason: readFailure(answer, TIKTOK_ERRORS), retryAfterSeconds };
  }
}

const refused = (reason: string): FiguresRead => ({ ok: false, reason, retryAfterSeconds: null });

/** Likes, comments, shares, views; TikTok reports no quotes, saves or clicks to the app. */
function figuresOf(video: Record<string, unknown>): PostFigures {
  const raw = Object.fromEntries(FIELDS.slice(1).flatMap((name) => (typeof video[name] === 'number' ? [[name, video[name] as number]] : [])));
  const counts = countsOf({ likes: raw.like_count, replies: raw.comment_count, reposts: raw.share_count, views: raw.view_count });
  return { kind: 'counts', counts, raw };
}
