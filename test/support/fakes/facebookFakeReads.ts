import { type FacebookCall, fieldsOf, nodeIdOf, pageAccess } from './facebookFakeAccess';
import { type StoredPost } from './facebookFakeState';
import { metaError, metaTime, unsupportedRequest } from './kit/metaGraphAnswers';

/** `since` (a Unix time) of a list edge's time-based paging; `limit` at most. */
function window<T extends { createdAt: Date }>(call: FacebookCall, items: readonly T[]): T[] {
  const since = Number(call.url.searchParams.get('since') ?? 0) * 1000;
  const limit = Number(call.url.searchParams.get('limit') ?? 25);
  return items
    .filter((item) => item.createdAt.getTime() >= since)
    .reverse()
    .slice(0, limit);
}

/** Only the fields asked for: a Graph node answers no others. */
const only = (fields: readonly string[], all: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(all).filter(([k, v]) => fields.includes(k) && v !== undefined));

/** A post's attachment as the Graph API shows it: a video, an album of photos, one photo, a link's preview, or none. */
function attachmentsOf(post: StoredPost) {
  if (post.videoId !== undefined) return { data: [{ media_type: 'video', type: 'video_inline', target: { id: post.videoId } }] };
  const photos = post.photoIds.map((id) => ({ media_type: 'photo', type: 'photo', target: { id, url: `https://www.facebook.com/photo.php?fbid=${id}` } }));
  if (photos.length > 1) return { data: [{ media_type: 'album', type: 'album', subattachments: { data: photos } }] };
  if (photos.length === 1) return { data: photos };
  const link = /https?:\/\/\S+/.exec(post.message ?? '')?.[0];
  return link === undefined ? undefined : { data: [{ media_type: 'link', type: 'share', url: link }] };
}

/** `GET /{page-id}/published_posts` with the Page's token: its posts, newest first, from `since` on. */
export function publishedPosts(call: FacebookCall) {
  const pageId = pageAccess(call, nodeIdOf(call));
  if (!pageId) return;
  const fields = ['id', ...fieldsOf(call)];
  const data = window(
    call,
    call.state.posts.filter((p) => p.pageId === pageId),
  ).map((post) => only(fields, { id: post.id, message: post.message ?? undefined, created_time: metaTime(post.createdAt), attachments: attachmentsOf(post) }));
  call.answer(200, { data, paging: { cursors: { before: 'QVFIUb', after: 'QVFIUa' } } });
}

/** `GET /{page-id}/videos` with the Page's token: its videos, processed or not, newest first. */
export function listVideos(call: FacebookCall) {
  const pageId = pageAccess(call, nodeIdOf(call));
  if (!pageId) return;
  const fields = ['id', ...fieldsOf(call)];
  const videos = [...call.state.videos.values()].filter((v) => v.pageId === pageId);
  const data = window(call, videos).map((v) => only(fields, { id: v.id, description: v.description ?? undefined, created_time: metaTime(v.createdAt) }));
  call.answer(200, { data, paging: { cursors: { before: 'QVFIUb', after: 'QVFIUa' } } });
}

/** `GET /{object-id}/comments` with the Page's token: its comments, oldest first unless `order=reverse_chronological`. */
export function listComments(call: FacebookCall) {
  const { state } = call;
  const objectId = nodeIdOf(call);
  const post = state.posts.find((p) => p.id === objectId);
  if (post === undefined) return call.send(metaError(unsupportedRequest('get', objectId)));
  if (!pageAccess(call, post.pageId)) return;
  const fields = ['id', ...fieldsOf(call)];
  const page = state.pages.find((p) => p.id === post.pageId);
  const listed = state.comments.filter((c) => c.objectId === objectId);
  const ordered = call.url.searchParams.get('order') === 'reverse_chronological' ? [...listed].reverse() : listed;
  const data = ordered
    .slice(0, Number(call.url.searchParams.get('limit') ?? 25))
    .map((c) => only(fields, { id: c.id, message: c.message, created_time: metaTime(c.createdAt), from: { id: c.pageId, name: page?.name } }));
  call.answer(200, { data, paging: { cursors: { before: 'QVFIUb', after: 'QVFIUa' } } });
}
