import { type IncomingMessage, type ServerResponse } from 'node:http';
import { sendDuplicate, sendInvalid, sendJson, sendProblem, sendUnauthorized } from './twitterFakeAnswers';
import { type FakeXToken, type TwitterFakeState } from './twitterFakeState';

export type FakeXRequest = { readonly message: IncomingMessage; readonly url: URL; readonly body: Buffer };

/** The user's token from `Authorization: Bearer`, answering 401 itself when it is not good (or lacks a scope). */
export function bearerToken(state: TwitterFakeState, message: IncomingMessage, response: ServerResponse, scope: string): FakeXToken | null {
  const token = /^Bearer (.+)$/.exec(message.headers.authorization ?? '')?.[1];
  const known = token ? state.accessTokens.get(token) : undefined;
  if (!known || known.expired) {
    sendUnauthorized(response);
    return null;
  }
  if (!known.scopes.includes(scope)) {
    sendProblem(response, 403, 'Forbidden', `Missing the ${scope} scope`);
    return null;
  }
  return known;
}

export function usersMe(state: TwitterFakeState, { message, url }: FakeXRequest, response: ServerResponse) {
  if (!bearerToken(state, message, response, 'users.read')) return;
  const fields = (url.searchParams.get('user.fields') ?? '').split(',');
  const { id, name, username, profile_image_url } = state.user;
  sendJson(response, 200, { data: { id, name, username, ...(fields.includes('profile_image_url') ? { profile_image_url } : {}) } });
}

const REPLY_SETTINGS = ['following', 'mentionedUsers', 'subscribers', 'verified'];

/** What X checks of `POST /2/tweets`; null when it is a tweet X would create. */
function refusal(state: TwitterFakeState, body: Record<string, unknown>): string | null {
  const text = body.text;
  const media = body.media as { media_ids?: unknown } | undefined;
  const reply = body.reply as { in_reply_to_tweet_id?: unknown } | undefined;
  if (text !== undefined && (typeof text !== 'string' || [...text].length > 280)) return 'text must be a string of at most 280 characters';
  if (text === undefined && media === undefined) return 'a Tweet needs text or media';
  if (media !== undefined) {
    const ids = media.media_ids;
    if (!Array.isArray(ids) || ids.length < 1 || ids.length > 4) return 'media.media_ids must list 1 to 4 ids';
    if (!ids.every((id) => state.media.get(String(id))?.state === 'succeeded')) return 'Your media IDs are invalid.';
  }
  if (reply !== undefined && !state.tweets.some((t) => t.id === reply.in_reply_to_tweet_id)) return 'in_reply_to_tweet_id names no Tweet';
  if (body.reply_settings !== undefined && !REPLY_SETTINGS.includes(String(body.reply_settings))) return 'reply_settings is not one X knows';
  return null;
}

/** `POST /2/tweets`: 201 `{data: {id, text, edit_history_tweet_ids}}`; the same text twice is a duplicate. */
export function createTweet(state: TwitterFakeState, { message, body }: FakeXRequest, response: ServerResponse) {
  const token = bearerToken(state, message, response, 'tweet.write');
  if (!token) return;
  if (!String(message.headers['content-type'] ?? '').startsWith('application/json')) return sendInvalid(response, 'Content-Type must be application/json');
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    return sendInvalid(response, 'the body is not JSON');
  }
  const refused = refusal(state, parsed);
  if (refused) return sendInvalid(response, refused);
  if (typeof parsed.text === 'string' && state.tweets.some((t) => t.authorId === token.userId && t.body.text === parsed.text)) return sendDuplicate(response);
  const id = state.nextId();
  state.tweets.push({ id, authorId: token.userId, body: parsed });
  sendJson(response, 201, { data: { id, text: parsed.text ?? '', edit_history_tweet_ids: [id] } });
}
