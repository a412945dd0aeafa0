import { type FakeCall } from './kit/fakeCall';
import { metaTime } from './kit/metaGraphAnswers';
import { badParameter, userOf } from './threadsFakeAnswers';
import { pathUserIsToken } from './threadsFakeContainers';
import { type FakeThreadsPost, type ThreadsFakeState } from './threadsFakeState';

type ThreadsCall = FakeCall<ThreadsFakeState>;

const DAY_MS = 86_400_000;

/** Listed media types differ from the container's: TEXT_POST, CAROUSEL_ALBUM. */
const LISTED_TYPE: Record<string, string> = { TEXT: 'TEXT_POST', IMAGE: 'IMAGE', VIDEO: 'VIDEO', CAROUSEL: 'CAROUSEL_ALBUM' };

/** `GET /v1.0/me?fields=…` (threads.me): the profile. */
export function me(call: ThreadsCall) {
  if (!userOf(call)) return;
  const { id, username, name, picture } = call.state.user;
  call.answer(200, { id, username, name, threads_profile_picture_url: picture });
}

/** A post as a listing gives it: the fields asked for (and `id`). */
function listed(post: FakeThreadsPost, fields: readonly string[]): Record<string, unknown> {
  const children = (post.params.children ?? '').split(',').filter((id) => id.length > 0);
  const all: Record<string, unknown> = {
    text: post.params.text,
    timestamp: metaTime(post.createdAt),
    permalink: post.permalink,
    media_type: LISTED_TYPE[post.params.media_type ?? 'TEXT'],
    children: children.length > 0 ? { data: children.map((id) => ({ id })) } : undefined,
    replied_to: post.params.reply_to_id === undefined ? undefined : { id: post.params.reply_to_id },
  };
  return { ...Object.fromEntries(fields.filter((f) => all[f] !== undefined).map((f) => [f, all[f]])), id: post.id };
}

/** The token's own posts (replies or not), newest first, from `since` (a Unix time) on, at most `limit`. */
function listing(call: ThreadsCall, replies: boolean) {
  const token = userOf(call);
  if (!token) return;
  if (!pathUserIsToken(call, token)) return call.send(badParameter('Cannot read another user’s media here'));
  const query = call.url.searchParams;
  const since = query.has('since') ? Number(query.get('since')) * 1000 : 0;
  const fields = (query.get('fields') ?? 'id').split(',');
  const posts = call.state.posts
    .filter((p) => p.userId === token.userId && (p.params.reply_to_id !== undefined) === replies && p.createdAt.getTime() >= since)
    .reverse()
    .slice(0, Number(query.get('limit') ?? 25))
    .map((p) => listed(p, fields));
  const cursors = posts.length > 0 ? { cursors: { before: `B${posts[0]!.id}`, after: `A${posts[posts.length - 1]!.id}` } } : {};
  call.answer(200, { data: posts, paging: cursors });
}

/** `GET /v1.0/{user}/threads` (threads.user.threads): top-level posts only. */
export const listThreads = (call: ThreadsCall) => listing(call, false);

/** `GET /v1.0/{user}/replies` (threads.user.replies): the profile's replies, each naming its parent in `replied_to`. */
export const listReplies = (call: ThreadsCall) => listing(call, true);

/** `GET /v1.0/{user}/threads_publishing_limit?fields=…`: the post and reply quotas of the last 24 h. */
export function publishingLimit(call: ThreadsCall) {
  const token = userOf(call);
  if (!token) return;
  const { state } = call;
  const recent = state.posts.filter((p) => p.userId === token.userId && p.createdAt.getTime() > state.now().getTime() - DAY_MS);
  const replies = recent.filter((p) => p.params.reply_to_id !== undefined).length;
  const all: Record<string, unknown> = {
    quota_usage: recent.length - replies,
    config: { quota_total: 250, quota_duration: 86400 },
    reply_quota_usage: state.replyQuotaUsage ?? replies,
    reply_config: { quota_total: 1000, quota_duration: 86400 },
  };
  const fields = (call.url.searchParams.get('fields') ?? 'quota_usage').split(',');
  call.answer(200, { data: [Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]]))] });
}
