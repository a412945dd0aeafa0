import { userOf, type XCall } from './twitterFakeTweets';
import { type StoredTweet } from './twitterFakeState';

const PROBLEMS = 'https://api.x.com/2/problems';
const DAY_MS = 86_400_000;

/** Its author's tweet, no older than 30 days: X's documented limit for non-public metrics (https://docs.x.com/x-api/fundamentals/metrics). */
const privateMetricsOpen = (call: XCall, tweet: StoredTweet, userId: string): boolean =>
  tweet.authorId === userId && call.state.now().getTime() - tweet.createdAt.getTime() <= 30 * DAY_MS;

/** A deleted (or never made) tweet, as the description's `ResourceNotFoundProblem`. */
const notFound = (id: string) => ({
  type: `${PROBLEMS}/resource-not-found`,
  title: 'Not Found Error',
  detail: `Could not find tweet with ids: [${id}].`,
  resource_type: 'tweet',
  parameter: 'ids',
  resource_id: id,
  value: id,
});

/** A field X will not show for this tweet (`NotAuthorizedForFieldProblem`): the tweet is left out of `data`. */
const fieldRefused = (id: string, field: string) => ({
  type: `${PROBLEMS}/not-authorized-for-field`,
  title: 'Field Authorization Error',
  detail: `Sorry, you are not authorized to access '${field}' on the Tweet with ids: [${id}].`,
  field,
  resource_type: 'tweet',
  parameter: 'ids',
  resource_id: id,
  section: 'data',
  value: id,
});

/**
 * `GET /2/tweets?ids=…` (getPostsByIds): each tweet with the fields `post.fields` asks for,
 * `public_metrics` in the description's names (`repost_count`); `non_public_metrics` only for the
 * token's own tweets of the last 30 days, any other tweet asked for them refused the field and
 * left out; a tweet X does not have is an error of the 200 answer, as X reports a partial lookup.
 */
export function postsByIds(call: XCall) {
  const token = userOf(call);
  if (!token) return;
  const fields = (call.url.searchParams.get('post.fields') ?? '').split(',');
  const data: Record<string, unknown>[] = [];
  const errors: Record<string, unknown>[] = [];
  for (const id of (call.url.searchParams.get('ids') ?? '').split(',')) {
    const tweet = call.state.tweets.find((t) => t.id === id);
    if (tweet === undefined || call.state.deleted.has(id)) {
      errors.push(notFound(id));
      continue;
    }
    const figures = call.state.figures.get(id) ?? {
      public: { like_count: 0, repost_count: 0, reply_count: 0, quote_count: 0, bookmark_count: 0, impression_count: 0 },
      nonPublic: { impression_count: 0, user_profile_clicks: 0 },
    };
    if (fields.includes('non_public_metrics') && !privateMetricsOpen(call, tweet, token.userId)) {
      errors.push(fieldRefused(id, 'non_public_metrics.impression_count'));
      continue;
    }
    data.push({
      id,
      text: typeof tweet.body.text === 'string' ? tweet.body.text : '',
      edit_history_post_ids: [id],
      ...(fields.includes('public_metrics') ? { public_metrics: figures.public } : {}),
      ...(fields.includes('non_public_metrics') ? { non_public_metrics: figures.nonPublic } : {}),
    });
  }
  call.answer(200, { ...(data.length > 0 ? { data } : {}), ...(errors.length > 0 ? { errors } : {}) });
}
