import { type InstagramCall, fieldsOf, segmentsOf, tokenOf } from './instagramFakeGraph';
import { type FakeMedia } from './instagramFakeState';
import { metaError, metaTime, unsupportedRequest } from './kit/metaGraphAnswers';

/** Only the fields asked for (id always), as the Graph API answers a node. */
const only = (fields: readonly string[], all: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(all).filter(([k, v]) => (k === 'id' || fields.includes(k)) && v !== undefined));

/** A post's type and children as the IG Media node gives them: a carousel's items, one image, or a video (a reel). */
function shapeOf(call: InstagramCall, media: FakeMedia) {
  const container = call.state.containers.get(media.containerId);
  const children = (container?.params.children ?? '').split(',').filter((c) => c.length > 0);
  if (children.length > 0) return { media_type: 'CAROUSEL_ALBUM', children: { data: children.map((id) => ({ id })) } };
  return { media_type: container?.params.media_type === 'REELS' ? 'VIDEO' : 'IMAGE' };
}

/** `GET /{ig-user-id}/media`: the account's posts, newest first, from `since` (a Unix time) on. */
export function listMedia(call: InstagramCall) {
  const token = tokenOf(call);
  if (!token) return;
  if (segmentsOf(call)[0] !== token.userId) return call.send(metaError(unsupportedRequest('get', segmentsOf(call)[0] ?? '')));
  const since = Number(call.url.searchParams.get('since') ?? 0) * 1000;
  const fields = fieldsOf(call);
  const data = call.state.media
    .filter((m) => m.createdAt.getTime() >= since)
    .reverse()
    .map((media) => {
      const container = call.state.containers.get(media.containerId);
      const caption = container?.params.caption;
      return only(fields, { id: media.id, caption, permalink: media.permalink, timestamp: metaTime(media.createdAt), ...shapeOf(call, media) });
    });
  call.answer(200, { data, paging: { cursors: { before: 'QVFIUb', after: 'QVFIUa' } } });
}

/** `GET /{ig-media-id}/comments`: the post's comments, newest first. */
export function listComments(call: InstagramCall) {
  if (!tokenOf(call)) return;
  const [mediaId = ''] = segmentsOf(call);
  if (!call.state.media.some((m) => m.id === mediaId)) return call.send(metaError(unsupportedRequest('get', mediaId)));
  const fields = fieldsOf(call);
  const data = call.state.comments
    .filter((c) => c.mediaId === mediaId)
    .reverse()
    .map((c) => only(fields, { id: c.id, text: c.message, timestamp: metaTime(c.createdAt), username: call.state.account.username }));
  call.answer(200, { data });
}
