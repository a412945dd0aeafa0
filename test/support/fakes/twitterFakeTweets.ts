import { type FakeCall } from './kit/fakeCall';
import { type FakeAccessToken, liveTokenOf } from './kit/oauthGrants';
import { DUPLICATE, invalidRequest, UNAUTHORIZED } from './twitterFakeAnswers';
import { type TwitterFakeState } from './twitterFakeState';

export type XCall = FakeCall<TwitterFakeState>;

/** The user's live token, or X's 401 answered. */
export const userOf = (call: XCall): FakeAccessToken | null => liveTokenOf(call, UNAUTHORIZED);

/** `GET /2/users/me` (getUsersMe): `profile_image_url` only when `user.fields` asks for it. */
export function usersMe(call: XCall) {
  if (!userOf(call)) return;
  const fields = (call.url.searchParams.get('user.fields') ?? '').split(',');
  const { id, name, username, profile_image_url } = call.state.user;
  call.answer(200, { data: { id, name, username, ...(fields.includes('profile_image_url') ? { profile_image_url } : {}) } });
}

/** What X's documentation says it refuses of a tweet beyond its description; null when X would create it. */
function refusal(state: TwitterFakeState, body: Record<string, unknown>): string | null {
  const text = body.text;
  const media = body.media as { media_ids?: unknown[] } | undefined;
  const reply = body.reply as { in_reply_to_tweet_id?: unknown } | undefined;
  if (typeof text === 'string' && [...text].length > 280) return 'text must be at most 280 characters';
  if (text === undefined && media === undefined) return 'a Tweet needs text or media';
  if (media !== undefined && !(media.media_ids ?? []).every((id) => state.media.get(String(id))?.state === 'succeeded')) return 'Your media IDs are invalid.';
  if (reply !== undefined && !state.tweets.some((t) => t.id === reply.in_reply_to_tweet_id)) return 'in_reply_to_tweet_id names no Tweet';
  return null;
}

/** `POST /2/tweets` (createPosts): 201 `{data: {id, text, edit_history_tweet_ids}}`; the same text twice is a duplicate. */
export function createTweet(call: XCall) {
  const token = userOf(call);
  if (!token) return;
  const body = call.json();
  if (body === null) return call.send(invalidRequest('the body is not a JSON object'));
  const refused = refusal(call.state, body);
  if (refused) return call.send(invalidRequest(refused));
  if (typeof body.text === 'string' && call.state.tweets.some((t) => t.authorId === token.userId && t.body.text === body.text)) return call.send(DUPLICATE);
  const createdAt = call.state.now();
  const id = call.state.tweetId(createdAt);
  call.state.tweets.push({ id, authorId: token.userId, body, createdAt });
  call.answer(201, { data: { id, text: body.text ?? '', edit_history_tweet_ids: [id] } });
}

/**
 * `GET /2/users/{id}/tweets` (getUsersPosts): the user's tweets, newest first, from `start_time`
 * on; `created_at` and `attachments` only when `post.fields` asks for them, as X answers fields.
 */
export function usersPosts(call: XCall) {
  if (!userOf(call)) return;
  const userId = call.url.pathname.split('/')[3];
  const fields = (call.url.searchParams.get('post.fields') ?? '').split(',');
  const since = call.url.searchParams.get('start_time');
  const limit = Number(call.url.searchParams.get('max_results') ?? 10);
  const listed = call.state.tweets
    .filter((t) => t.authorId === userId && (since === null || t.createdAt >= new Date(since)))
    .reverse()
    .slice(0, limit)
    .map((t) => {
      const mediaIds = (t.body.media as { media_ids?: string[] } | undefined)?.media_ids ?? [];
      return {
        id: t.id,
        text: typeof t.body.text === 'string' ? t.body.text : '',
        edit_history_tweet_ids: [t.id],
        ...(fields.includes('created_at') ? { created_at: t.createdAt.toISOString() } : {}),
        ...(fields.includes('attachments') && mediaIds.length > 0 ? { attachments: { media_keys: mediaIds.map((m) => `3_${m}`) } } : {}),
      };
    });
  if (listed.length === 0) return call.answer(200, { meta: { result_count: 0 } });
  call.answer(200, { data: listed, meta: { result_count: listed.length, newest_id: listed[0]!.id, oldest_id: listed[listed.length - 1]!.id } });
}
