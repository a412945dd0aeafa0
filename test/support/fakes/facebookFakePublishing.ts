import { type FacebookCall, nodeIdOf, pageAccess, paramsOf, text } from './facebookFakeAccess';
import { fetchMedia } from './facebookFakeFetch';
import { invalidParameter, metaError, unsupportedRequest } from './kit/metaGraphAnswers';

const isFalse = (value: unknown) => value === false || value === 'false';

/** `attached_media` as Meta takes it: an array (JSON body) or its JSON text (form), of `{media_fbid}`. */
function attachedIds(value: unknown): string[] | null {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return null;
  const ids = list.map((item) => text((item as { media_fbid?: unknown } | null)?.media_fbid));
  return ids.every((id) => id !== null) ? (ids as string[]) : null;
}

/** `POST /{page-id}/feed` {message?, link?, attached_media?}: attached photos must be the Page's unpublished ones. */
export function feed(call: FacebookCall) {
  const pageId = pageAccess(call, nodeIdOf(call));
  if (!pageId) return;
  const { message, link, attached_media } = paramsOf(call);
  const photoIds = attached_media === undefined ? [] : attachedIds(attached_media);
  if (photoIds === null) return call.send(metaError(invalidParameter('(#100) param attached_media must be an array of {media_fbid}')));
  for (const id of photoIds) {
    const photo = call.state.photos.get(id);
    if (!photo || photo.pageId !== pageId || photo.published)
      return call.send(metaError(invalidParameter(`(#100) media_fbid ${id} is not an unpublished photo of this Page`)));
  }
  if (text(message) === null && text(link) === null && photoIds.length === 0)
    return call.send(metaError(invalidParameter('(#100) Missing message or attachment')));
  const id = `${pageId}_${call.state.nextId()}`;
  call.state.posts.push({ id, pageId, message: text(message), photoIds, createdAt: call.state.now() });
  call.answer(200, { id });
}

/** `POST /{page-id}/photos` {url, caption?, published?}: Meta fetches the URL; published, it is also a post. */
export async function photos(call: FacebookCall) {
  const pageId = pageAccess(call, nodeIdOf(call));
  if (!pageId) return;
  const { url, caption, published, alt_text_custom } = paramsOf(call);
  const fetched = await fetchMedia(url, 'image/');
  if (!fetched.ok) return call.send(metaError({ status: 400, code: 324, message: `(#324) Missing or invalid image file: ${fetched.reason}` }));
  const { state } = call;
  const id = state.nextId();
  const isPublished = !isFalse(published);
  state.photos.set(id, {
    id,
    pageId,
    url: url as string,
    published: isPublished,
    contentType: fetched.contentType,
    altText: text(alt_text_custom),
    caption: text(caption),
  });
  if (!isPublished) return call.answer(200, { id });
  const postId = `${pageId}_${state.nextId()}`;
  state.posts.push({ id: postId, pageId, message: text(caption), photoIds: [id], createdAt: state.now() });
  call.answer(200, { id, post_id: postId });
}

/** `POST /{page-id}/videos` {file_url, description?}: Meta fetches the file, then processes it; the post comes once it is ready. */
export async function videos(call: FacebookCall) {
  const pageId = pageAccess(call, nodeIdOf(call));
  if (!pageId) return;
  const { file_url, description } = paramsOf(call);
  const fetched = await fetchMedia(file_url, 'video/');
  if (!fetched.ok) return call.send(metaError({ status: 400, code: 6000, message: `There was a problem uploading your video file: ${fetched.reason}` }));
  const { state } = call;
  const id = state.nextId();
  const video = { id, pageId, fileUrl: file_url as string, description: text(description), createdAt: state.now(), checksLeft: state.videoChecksBeforeReady };
  state.videos.set(id, { ...video, outcome: 'ready' });
  call.answer(200, { id });
}

/** `POST /{object-id}/comments` {message}: on one of the Page's posts, photos or videos, as the Page. */
export function comments(call: FacebookCall) {
  const { state } = call;
  const objectId = nodeIdOf(call);
  const owner = state.posts.find((post) => post.id === objectId)?.pageId ?? state.videos.get(objectId)?.pageId ?? state.photos.get(objectId)?.pageId;
  if (owner === undefined) return call.send(metaError(unsupportedRequest('post', objectId)));
  if (!pageAccess(call, owner)) return;
  const message = text(paramsOf(call).message);
  if (!message) return call.send(metaError(invalidParameter('(#100) Missing message')));
  const id = `${objectId.split('_').pop()}_${state.nextId()}`;
  state.comments.push({ id, objectId, pageId: owner, message, createdAt: state.now() });
  call.answer(200, { id });
}
