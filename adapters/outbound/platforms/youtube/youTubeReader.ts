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
import { bearer, okJson, urlOf } from '../kit/http';
import { meaningOf, readFailure, waitSeconds } from '../kit/outcomes';
import { asOAuth2, callYouTube, commentPostId, commentUrl, videoIdOf, videoUrl, YOUTUBE_ERRORS, type YouTubeSettings } from './youTubeApi';
import { textOfDescription } from './youTubeVideo';

type Listed<T> = { readonly ok: true; readonly items: readonly T[] } | { readonly ok: false; readonly reason: string };

interface PlaylistItem {
  readonly snippet?: { readonly publishedAt?: unknown };
  readonly contentDetails?: { readonly videoId?: unknown };
}

interface CommentThread {
  readonly id?: unknown;
  readonly snippet?: {
    readonly topLevelComment?: {
      readonly snippet?: { textOriginal?: unknown; textDisplay?: unknown; publishedAt?: unknown; authorChannelId?: { value?: unknown } };
    };
  };
}

const dateOf = (value: unknown): Date | null => {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date !== null && !Number.isNaN(date.getTime()) ? date : null;
};

interface StatisticsItem {
  readonly id?: unknown;
  readonly statistics?: Readonly<Record<string, unknown>>;
}

/**
 * VideoStatistics' counts (uint64 sent as strings): likes, comments, views. A count YouTube
 * leaves out (likes hidden, comments off) is null; `favoriteCount`, always 0, stays in `raw`.
 */
function figuresOf(statistics: Readonly<Record<string, unknown>>): PostFigures {
  const raw: Record<string, number> = {};
  for (const [name, value] of Object.entries(statistics)) {
    const count = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : null;
    if (count !== null) raw[`statistics.${name}`] = count;
  }
  const counts = countsOf({ likes: raw['statistics.likeCount'], replies: raw['statistics.commentCount'], views: raw['statistics.viewCount'] });
  return { kind: 'counts', counts, raw };
}

const listed = (when: Date | null, since: Date) => when === null || when.getTime() >= since.getTime();

/**
 * What settles a video or a comment whose answer was lost (docs/decisions.md, "Settling an
 * unknown outcome"), read with the scopes granted at connect:
 * - a video (segment 0): `channels.list?part=contentDetails&id={channel}` names the channel's
 *   uploads playlist; `playlistItems.list` lists its latest uploads, newest first (private and
 *   unlisted ones too, for the channel's owner); `videos.list?part=snippet` gives each one's
 *   description, which is what was sent as the segment's text (`youtube.readonly`);
 * - a comment (a later segment): `commentThreads.list?videoId=…&order=time`, the channel's own
 *   top-level comments on the video, in plain text (`youtube.force-ssl`).
 * Each read costs 3 units of YouTube's daily quota (a comment's, 1); `search.list` would cost 100.
 *
 * Figures (docs/analytics.md): `videos.list?part=statistics&id=a,b,…`, 50 videos a call (the
 * method's page size), 1 unit, `youtube.readonly`. A video the answer leaves out is gone: the
 * owner's token lists its own private and unlisted videos too.
 */
export class YouTubeReader implements PostReader {
  /** YouTube lists an upload and a comment for their owner within seconds; two minutes of margin. */
  readonly visibleWithinSeconds = 120;

  readonly figuresBatchSize = 50;

  constructor(private readonly settings: YouTubeSettings) {}

  async figures({ grant, platformPostIds }: FiguresQuery): Promise<FiguresRead> {
    // A target's post is its video; a comment (`{video}/{thread}`) has no statistics of its own.
    const videoIds = platformPostIds.filter((id) => !id.includes('/'));
    if (videoIds.length === 0) return { ok: true, figures: new Map() };
    const { accessToken } = asOAuth2(grant);
    const url = urlOf(this.settings.apiBaseUrl, '/youtube/v3/videos', { part: 'statistics', id: videoIds.join(',') });
    const answer = await callYouTube(this.settings, { method: 'GET', url, headers: bearer(accessToken) });
    const body = okJson(answer);
    if (body === null || answer.kind !== 'answered') {
      const throttled = answer.kind === 'answered' && meaningOf(answer, YOUTUBE_ERRORS) === 'throttled';
      const retryAfterSeconds = throttled ? waitSeconds(answer, YOUTUBE_ERRORS, this.settings.now()) : null;
      return { ok: false, reason: readFailure(answer, YOUTUBE_ERRORS), retryAfterSeconds };
    }
    const reported = new Map<string, PostFigures>();
    for (const video of Array.isArray(body.items) ? (body.items as StatisticsItem[]) : []) {
      if (typeof video.id === 'string') reported.set(video.id, figuresOf(video.statistics ?? {}));
    }
    return { ok: true, figures: new Map(videoIds.map((id) => [id, reported.get(id) ?? { kind: 'deleted' }])) };
  }

  async recentPosts({ account, grant, since, replyTo }: RecentPostsQuery): Promise<RecentPosts> {
    const channelId = account.accountId;
    if (channelId === null) return { ok: false, reason: 'the connection does not know its YouTube channel: connect it again' };
    const { accessToken } = asOAuth2(grant);
    const posts = replyTo === null ? await this.videos(accessToken, channelId, since) : await this.comments(accessToken, channelId, videoIdOf(replyTo), since);
    return posts.ok ? { ok: true, posts: posts.items } : posts;
  }

  private async videos(accessToken: string, channelId: string, since: Date): Promise<Listed<PostOnPlatform>> {
    const channels = await this.list<{ contentDetails?: { relatedPlaylists?: { uploads?: unknown } } }>(accessToken, '/youtube/v3/channels', {
      part: 'contentDetails',
      id: channelId,
    });
    if (!channels.ok) return channels;
    const uploads = channels.items[0]?.contentDetails?.relatedPlaylists?.uploads;
    if (typeof uploads !== 'string') return { ok: false, reason: `YouTube names no uploads playlist for channel ${channelId}` };
    const playlist = await this.list<PlaylistItem>(accessToken, '/youtube/v3/playlistItems', {
      part: 'snippet,contentDetails',
      playlistId: uploads,
      maxResults: 50,
    });
    if (!playlist.ok) return playlist;
    const recent = new Map<string, Date | null>();
    for (const item of playlist.items) {
      const videoId = item.contentDetails?.videoId;
      const addedAt = dateOf(item.snippet?.publishedAt);
      if (typeof videoId === 'string' && listed(addedAt, since)) recent.set(videoId, addedAt);
    }
    if (recent.size === 0) return { ok: true, items: [] };
    const videos = await this.list<{ id?: unknown; snippet?: { description?: unknown } }>(accessToken, '/youtube/v3/videos', {
      part: 'snippet',
      id: [...recent.keys()].join(','),
    });
    if (!videos.ok) return videos;
    const items = videos.items.flatMap((video): PostOnPlatform[] => {
      if (typeof video.id !== 'string' || !recent.has(video.id)) return [];
      const description = typeof video.snippet?.description === 'string' ? video.snippet.description : '';
      const createdAt = recent.get(video.id) ?? null;
      return [
        {
          platformPostId: video.id,
          platformPostUrl: videoUrl(video.id),
          text: textOfDescription(description),
          createdAt,
          mediaCount: 1,
          replyToPlatformPostId: null,
        },
      ];
    });
    return { ok: true, items };
  }

  /** The channel's own comments only: another viewer may have written the same words. */
  private async comments(accessToken: string, channelId: string, videoId: string, since: Date): Promise<Listed<PostOnPlatform>> {
    const threads = await this.list<CommentThread>(accessToken, '/youtube/v3/commentThreads', {
      part: 'snippet',
      videoId,
      order: 'time',
      textFormat: 'plainText',
      maxResults: 100,
    });
    if (!threads.ok) return threads;
    const items = threads.items.flatMap((thread): PostOnPlatform[] => {
      const comment = thread.snippet?.topLevelComment?.snippet;
      const text = typeof comment?.textOriginal === 'string' ? comment.textOriginal : comment?.textDisplay;
      const createdAt = dateOf(comment?.publishedAt);
      if (typeof thread.id !== 'string' || typeof text !== 'string' || comment?.authorChannelId?.value !== channelId || !listed(createdAt, since)) return [];
      // A comment's parent in this connector's naming (the segment before it) is not YouTube's to say.
      return [{ platformPostId: commentPostId(videoId, thread.id), platformPostUrl: commentUrl(videoId, thread.id), text, createdAt, mediaCount: 0 }];
    });
    return { ok: true, items };
  }

  /** One `*.list` call: its `items`, or why the read failed in YouTube's words. */
  private async list<T>(accessToken: string, path: string, query: Record<string, string | number>): Promise<Listed<T>> {
    const answer = await callYouTube(this.settings, { method: 'GET', url: urlOf(this.settings.apiBaseUrl, path, query), headers: bearer(accessToken) });
    const body = okJson(answer);
    if (body === null) return { ok: false, reason: readFailure(answer, YOUTUBE_ERRORS) };
    return { ok: true, items: Array.isArray(body.items) ? (body.items as T[]) : [] };
  }
}
