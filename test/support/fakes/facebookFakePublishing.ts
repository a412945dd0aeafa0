import { invalidParameter, sendError, sendJson } from './facebookFakeAnswers';
import { type GraphRequest, pageAccess, respondWith, text } from './facebookFakeAccess';
import { fetchMedia } from './facebookFakeFetch';
import { type FacebookFakeState } from './facebookFakeState';

const isFalse = (value: unknown) => value === false || value === 'false';

/** `attached_media` as Meta takes it: an array (JSON body) or its JSON text (form), of `{media_fbid}`. */
function attachedIds(value: unknown): string[] | null {
  const list = typeof value === 'string' ? (JSON.parse(value) as unknown) : value;
  if (!Array.isArray(list)) return null;
  const ids = list.map((item) => text((item as { media_fbid?: unknown } | null)?.media_fbid));
  return ids.every((id) => id !== null) ? (ids as string[]) : null;
}

/** `POST /{page-id}/feed` {message?, link?, attached_media?}: attached photos must be the Page's unpublished ones. */
export function feed(state: FacebookFakeState, request: GraphRequest, pageId: string) {
  if (!respondWith(request.response, pageAccess(state, request, pageId))) return;
  const { message, link, attached_media } = request.params;
  const photoIds = attached_media === undefined ? [] : attachedIds(attached_media);
  if (photoIds === null) return sendError(request.response, invalidParameter('(#100) param attached_media must be an array of {media_fbid}'));
  for (const id of photoIds) {
    const photo = state.photos.get(id);
    if (!photo || photo.pageId !== pageId || photo.published)
      return sendError(request.response, invalidParameter(`(#100) media_fbid ${id} is not an unpublished photo of this Page`));
  }
  if (text(message) === null && text(link) === null && photoIds.length === 0) {
    return sendError(request.response, invalidParameter('(#100) Missing message or attachment'));
  }
  const id = `${pageId}_${state.next()}`;
  state.posts.push({ id, pageId, message: text(message), photoIds });
  sendJson(request.response, 200, { id });
}

/** `POST /{page-id}/photos` {url, caption?, published?}: Meta fetches the URL; published, it is also a post. */
export async function photos(state: FacebookFakeState, request: GraphRequest, pageId: string) {
  if (!respondWith(request.response, pageAccess(state, request, pageId))) return;
  const { url, caption, published, alt_text_custom } = request.params;
  const fetched = await fetchMedia(url, 'image/');
  if (!fetched.ok) return sendError(request.response, { status: 400, code: 324, message: `(#324) Missing or invalid image file: ${fetched.reason}` });
  const id = state.next();
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
  if (!isPublished) return sendJson(request.response, 200, { id });
  const postId = `${pageId}_${state.next()}`;
  state.posts.push({ id: postId, pageId, message: text(caption), photoIds: [id] });
  sendJson(request.response, 200, { id, post_id: postId });
}

/** `POST /{page-id}/videos` {file_url, description?}: Meta fetches the file, then processes it. */
export async function videos(state: FacebookFakeState, request: GraphRequest, pageId: string) {
  if (!respondWith(request.response, pageAccess(state, request, pageId))) return;
  const { file_url, description } = request.params;
  const fetched = await fetchMedia(file_url, 'video/');
  if (!fetched.ok) {
    return sendError(request.response, { status: 400, code: 6000, message: `There was a problem uploading your video file: ${fetched.reason}` });
  }
  const id = state.next();
  state.videos.set(id, { id, pageId, fileUrl: file_url as string, description: text(description), checksLeft: state.videoChecksBeforeReady, outcome: 'ready' });
  sendJson(request.response, 200, { id });
}

/** `POST /{object-id}/comments` {message}: on one of the Page's posts, photos or videos, as the Page. */
export function comments(state: FacebookFakeState, request: GraphRequest, objectId: string) {
  const owner = state.posts.find((post) => post.id === objectId)?.pageId ?? state.videos.get(objectId)?.pageId ?? state.photos.get(objectId)?.pageId ?? null;
  if (owner === null)
    return sendError(request.response, {
      status: 400,
      code: 100,
      subcode: 33,
      message: `Unsupported post request. Object with ID '${objectId}' does not exist`,
    });
  if (!respondWith(request.response, pageAccess(state, request, owner))) return;
  const message = text(request.params.message);
  if (!message) return sendError(request.response, invalidParameter('(#100) Missing message'));
  const id = `${objectId.split('_').pop()}_${state.next()}`;
  state.comments.push({ id, objectId, pageId: owner, message });
  sendJson(request.response, 200, { id });
}
