import { type IncomingMessage, type ServerResponse } from 'node:http';
import { sendApiError, sendData } from './tiktokFakeAnswers';
import { type FakeToken, type TikTokFakeState } from './tiktokFakeState';

export type FakeRequest = { readonly message: IncomingMessage; readonly url: URL; readonly body: Buffer; readonly base: string };

/** The creator's token from `Authorization: Bearer`, with the scope the endpoint needs; answers 401 itself otherwise. */
export function bearer(state: TikTokFakeState, message: IncomingMessage, response: ServerResponse, scope: string): FakeToken | null {
  const token = /^Bearer (.+)$/.exec(message.headers.authorization ?? '')?.[1];
  const known = token ? state.accessTokens.get(token) : undefined;
  if (!known) {
    sendApiError(response, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    return null;
  }
  if (!known.scopes.includes(scope)) {
    sendApiError(response, 401, 'scope_not_authorized', `The user did not authorize the scope required for completing this request: ${scope}`);
    return null;
  }
  return known;
}

/** A POST's JSON body, where TikTok asks `Content-Type: application/json; charset=UTF-8`. */
export function jsonBody(request: FakeRequest, response: ServerResponse): Record<string, unknown> | null {
  if (!String(request.message.headers['content-type'] ?? '').startsWith('application/json')) {
    sendApiError(response, 400, 'invalid_params', 'Content-Type must be application/json');
    return null;
  }
  try {
    const parsed = JSON.parse(request.body.toString('utf8'));
    if (parsed && typeof parsed === 'object') return parsed;
  } catch {}
  sendApiError(response, 400, 'invalid_params', 'The request body is not valid JSON');
  return null;
}

/** `GET /v2/user/info/?fields=…`: only the fields asked for; `username` needs `user.info.profile`. */
export function userInfo(state: TikTokFakeState, { message, url }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response, 'user.info.basic')) return;
  const fields = (url.searchParams.get('fields') ?? '').split(',').filter((f) => f.length > 0);
  if (fields.length === 0) return sendApiError(response, 400, 'invalid_params', 'fields is required');
  const token = state.accessTokens.get(/^Bearer (.+)$/.exec(message.headers.authorization ?? '')?.[1] ?? '');
  if (fields.includes('username') && !token?.scopes.includes('user.info.profile')) {
    return sendApiError(response, 401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request: user.info.profile');
  }
  const { openId, unionId, username, displayName, avatarUrl } = state.creator;
  const all: Record<string, string> = { open_id: openId, union_id: unionId, username, display_name: displayName, avatar_url: avatarUrl };
  sendData(response, { user: Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])) });
}

/** `POST /v2/post/publish/creator_info/query/`. */
export function creatorInfo(state: TikTokFakeState, { message }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response, 'video.publish')) return;
  sendData(response, {
    creator_avatar_url: state.creator.avatarUrl,
    creator_username: state.creator.username,
    creator_nickname: state.creator.displayName,
    ...state.creatorInfo,
  });
}

/**
 * `POST /v2/post/publish/status/fetch/`: an upload not complete is PROCESSING_UPLOAD; then the
 * scripted steps, then PUBLISH_COMPLETE, naming a public post only (written out by hand: the
 * id is a 64-bit number, unquoted, as TikTok sends it).
 */
export function statusFetch(state: TikTokFakeState, request: FakeRequest, response: ServerResponse) {
  if (!bearer(state, request.message, response, 'video.publish')) return;
  const body = jsonBody(request, response);
  if (!body) return;
  const publish = state.publishes.get(String(body.publish_id ?? ''));
  if (!publish) return sendApiError(response, 400, 'invalid_params', 'publish_id is invalid');
  const uploaded = publish.chunks.reduce((sum, c) => sum + c.length, 0);
  const complete = publish.uploadToken === null || uploaded === publish.sourceInfo.video_size;
  const step = complete ? (state.statusSteps.shift() ?? { status: 'PUBLISH_COMPLETE' as const }) : { status: 'PROCESSING_UPLOAD' as const };
  const isPublic = publish.postInfo.privacy_level !== 'SELF_ONLY';
  const ids = step.status === 'PUBLISH_COMPLETE' && isPublic ? `[${state.postIdFor(publish)}]` : '[]';
  const failReason = step.status === 'FAILED' ? `,"fail_reason":${JSON.stringify(step.failReason)}` : '';
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(
    `{"data":{"status":"${step.status}"${failReason},"publicaly_available_post_id":${ids},"uploaded_bytes":${uploaded}},` +
      `"error":{"code":"ok","message":"","log_id":"20261123120000FAKE"}}`,
  );
}
