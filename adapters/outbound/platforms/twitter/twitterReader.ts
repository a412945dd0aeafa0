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
import { bearer, okJson, type PlatformAnswer, urlOf } from '../kit/http';
import { meaningOf, readFailure, waitSeconds } from '../kit/outcomes';
import { asOAuth2, callX, type TwitterSettings, X_ERRORS } from './twitterApi';
import { tweetUrl } from './twitterPublisher';

interface ListedTweet {
  readonly id?: unknown;
  readonly text?: unknown;
  readonly created_at?: unknown;
  readonly attachments?: { readonly media_keys?: unknown };
  readonly referenced_posts?: ReadonlyArray<{ readonly type?: unknown; readonly id?: unknown }>;
  readonly referenced_tweets?: ReadonlyArray<{ readonly type?: unknown; readonly id?: unknown }>;
}

/**
 * The account's recent tweets, replies included (`GET /2/users/{id}/tweets`, `tweet.read` and
 * `users.read`, both granted at connect), from `since` on: what settles a tweet whose answer was
 * lost. X's description (2.167) names the fields parameter `post.fields` and offers no field for
 * a tweet's parent: the parent is matched only where the answer names it anyway.
 */
export class TwitterReader implements PostReader {
  /** X lists a new tweet on the author's timeline within seconds. */
  readonly visibleWithinSeconds = 30;

  /** One lookup reads up to 100 posts (`ids`, at most 100 items in X's description). */
  readonly figuresBatchSize = 100;

  constructor(private readonly settings: TwitterSettings) {}

  async recentPosts({ account, grant, since }: RecentPostsQuery): Promise<RecentPosts> {
    if (account.accountId === null) return { ok: false, reason: 'the connection does not know its X user id: connect it again' };
    const url = urlOf(this.settings.apiBaseUrl, `/2/users/${encodeURIComponent(account.accountId)}/tweets`, {
      max_results: 100,
      start_time: since.toISOString(),
      'post.fields': 'created_at,attachments',
    });
    const answer = await callX(this.settings, { method: 'GET', url, headers: bearer(asOAuth2(grant).accessToken) });
    const body = okJson(answer);
    if (body === null) return { ok: false, reason: readFailure(answer, X_ERRORS) };
    const listed = Array.isArray(body.data) ? (body.data as ListedTweet[]) : [];
    return { ok: true, posts: listed.flatMap((tweet) => postOf(tweet, account.handle)) };
  }

  /**
   * `GET /2/tweets?ids=…` (getPostsByIds, `tweet.read users.read`, granted at connect): every
   * post's `public_metrics`, and `non_public_metrics` (link clicks) for the posts X still
   * reports them for, the last 30 days; an older post asked for them would be refused the
   * field, so the ids are split by the time their snowflake carries (docs/analytics.md, X).
   */
  async figures({ grant, platformPostIds }: FiguresQuery): Promise<FiguresRead> {
    const now = this.settings.now();
    const recent = platformPostIds.filter((id) => withinPrivateWindow(id, now));
    const older = platformPostIds.filter((id) => !recent.includes(id));
    const figures = new Map<string, PostFigures>();
    for (const [ids, fields] of [
      [recent, 'public_metrics,non_public_metrics'],
      [older, 'public_metrics'],
    ] as const) {
      if (ids.length === 0) continue;
      const url = urlOf(this.settings.apiBaseUrl, '/2/tweets', { ids: ids.join(','), 'post.fields': fields });
      const answer = await callX(this.settings, { method: 'GET', url, headers: bearer(asOAuth2(grant).accessToken) });
      const body = okJson(answer);
      if (body === null) return { ok: false, reason: readFailure(answer, X_ERRORS), retryAfterSeconds: rateLimitWait(answer, now) };
      for (const post of Array.isArray(body.data) ? (body.data as LookedUpPost[]) : []) {
        if (typeof post.id === 'string' && post.public_metrics !== undefined) figures.set(post.id, countsFrom(post));
      }
      for (const id of notFound(body.errors, ids)) figures.set(id, { kind: 'deleted' });
    }
    return { ok: true, figures };
  }
}

interface LookedUpPost {
  readonly id?: unknown;
  readonly public_metrics?: Readonly<Record<string, unknown>>;
  readonly non_public_metrics?: Readonly<Record<string, unknown>>;
}

/** X's epoch in its snowflake ids, and how long it reports a post's non-public metrics (a day's margin against clocks apart). */
const SNOWFLAKE_EPOCH_MS = 1288834974657;
const PRIVATE_METRICS_MS = 29 * 86_400_000;

function withinPrivateWindow(id: string, now: Date): boolean {
  if (!/^\d{1,19}$/.test(id)) return false;
  const createdAt = Number(BigInt(id) >> 22n) + SNOWFLAKE_EPOCH_MS;
  return now.getTime() - createdAt < PRIVATE_METRICS_MS;
}

/** A 429's wait from `x-rate-limit-reset`; null for any other failure. */
function rateLimitWait(answer: PlatformAnswer, now: Date): number | null {
  return answer.kind === 'answered' && meaningOf(answer, X_ERRORS) === 'throttled' ? waitSeconds(answer, X_ERRORS, now) : null;
}

/** The seven names from X's: `repost_count` in the description (2.167), `retweet_count` in X's older answers. */
function countsFrom(post: LookedUpPost): PostFigures {
  const open = post.public_metrics ?? {};
  const hidden = post.non_public_metrics ?? {};
  const named = [
    ...Object.entries(open).map(([name, value]): [string, unknown] => [`public_metrics.${name}`, value]),
    ...Object.entries(hidden).map(([name, value]): [string, unknown] => [`non_public_metrics.${name}`, value]),
  ];
  const raw = Object.fromEntries(named.filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  const counts = countsOf({
    likes: open.like_count,
    reposts: open.repost_count ?? open.retweet_count,
    replies: open.reply_count,
    quotes: open.quote_count,
    saves: open.bookmark_count,
    views: open.impression_count ?? hidden.impression_count,
    clicks: hidden.url_link_clicks,
  });
  return { kind: 'counts', counts, raw };
}

/**
 * The asked-for ids a lookup's `errors` say X could not find (`resource-not-found`): deleted.
 * Any other error about a post (withheld, its author suspended, a field refused) leaves it
 * unreported this time.
 */
function notFound(errors: unknown, asked: readonly string[]): string[] {
  if (!Array.isArray(errors)) return [];
  return (errors as Array<{ type?: unknown; resource_id?: unknown; value?: unknown }>)
    .filter((error) => typeof error.type === 'string' && error.type.endsWith('/problems/resource-not-found'))
    .map((error) => error.resource_id ?? error.value)
    .filter((id): id is string => typeof id === 'string' && asked.includes(id));
}

function postOf(tweet: ListedTweet, username: string): PostOnPlatform[] {
  if (typeof tweet.id !== 'string' || typeof tweet.text !== 'string') return [];
  const createdAt = typeof tweet.created_at === 'string' ? new Date(tweet.created_at) : null;
  const mediaKeys = tweet.attachments?.media_keys;
  const referenced = tweet.referenced_posts ?? tweet.referenced_tweets;
  const repliedTo = referenced?.find((r) => r.type === 'replied_to')?.id;
  const valid = createdAt !== null && !Number.isNaN(createdAt.getTime());
  return [
    {
      platformPostId: tweet.id,
      platformPostUrl: tweetUrl(username, tweet.id),
      text: tweet.text,
      createdAt: valid ? createdAt : null,
      // Only an answer with the fields asked for says "no media"; without them, nothing is known.
      mediaCount: Array.isArray(mediaKeys) ? mediaKeys.length : valid ? 0 : null,
      ...(referenced === undefined ? {} : { replyToPlatformPostId: typeof repliedTo === 'string' ? repliedTo : null }),
    },
  ];
}
