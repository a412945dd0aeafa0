import { type PostOnPlatform, type PostReader, type RecentPosts, type RecentPostsQuery } from '../../../../application/ports/platforms/PostReader';
import { bearer, okJson, urlOf } from '../kit/http';
import { readFailure } from '../kit/outcomes';
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
