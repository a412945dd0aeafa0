import { type FakeCall } from './kit/fakeCall';
import { type FakeAccessToken, liveTokenOf } from './kit/oauthGrants';
import { ACCESS_TOKEN_INVALID, apiError, data, invalidParams } from './tiktokFakeAnswers';
import { type TikTokFakeState } from './tiktokFakeState';

export type TikTokCall = FakeCall<TikTokFakeState>;

/** The creator's live token, or TikTok's 401 `access_token_invalid` answered. Scopes are the table's to check. */
export const creatorOf = (call: TikTokCall): FakeAccessToken | null => liveTokenOf(call, ACCESS_TOKEN_INVALID);

/** `GET /v2/user/info/?fields=…`: only the fields asked for; `username` needs `user.info.profile`. */
export function userInfo(call: TikTokCall) {
  const token = creatorOf(call);
  if (!token) return;
  const fields = (call.url.searchParams.get('fields') ?? '').split(',').filter((f) => f.length > 0);
  if (fields.includes('username') && !token.scopes.includes('user.info.profile')) {
    return call.send(apiError(401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request: user.info.profile'));
  }
  const { openId, unionId, username, displayName, avatarUrl } = call.state.creator;
  const all: Record<string, string> = { open_id: openId, union_id: unionId, username, display_name: displayName, avatar_url: avatarUrl };
  call.send(data({ user: Object.fromEntries(fields.filter((f) => f in all).map((f) => [f, all[f]])) }));
}

/** `POST /v2/post/publish/creator_info/query/`. */
export function creatorInfo(call: TikTokCall) {
  if (!creatorOf(call)) return;
  const { avatarUrl, username, displayName } = call.state.creator;
  call.send(data({ creator_avatar_url: avatarUrl, creator_username: username, creator_nickname: displayName, ...call.state.creatorInfo }));
}

/**
 * `POST /v2/post/publish/status/fetch/`: an upload not complete is PROCESSING_UPLOAD; then the
 * scripted steps, then PUBLISH_COMPLETE, naming a public post only (written out by hand: the
 * id is a 64-bit number, unquoted, as TikTok sends it).
 */
export function statusFetch(call: TikTokCall) {
  if (!creatorOf(call)) return;
  const publish = call.state.publishes.get(String(call.json()?.publish_id ?? ''));
  if (!publish) return call.send(invalidParams('publish_id is invalid'));
  const uploaded = publish.chunks.reduce((sum, c) => sum + c.length, 0);
  const complete = publish.uploadToken === null || uploaded === publish.sourceInfo.video_size;
  const step = complete ? (call.state.statusSteps.shift() ?? { status: 'PUBLISH_COMPLETE' as const }) : { status: 'PROCESSING_UPLOAD' as const };
  const isPublic = publish.postInfo.privacy_level !== 'SELF_ONLY';
  const ids = step.status === 'PUBLISH_COMPLETE' && isPublic ? `[${call.state.postIdFor(publish)}]` : '[]';
  const failReason = step.status === 'FAILED' ? `,"fail_reason":${JSON.stringify(step.failReason)}` : '';
  const text =
    `{"data":{"status":"${step.status}"${failReason},"publicaly_available_post_id":${ids},"uploaded_bytes":${uploaded}},` +
    `"error":{"code":"ok","message":"","log_id":"20261123120000FAKE"}}`;
  call.send({ status: 200, text });
}
