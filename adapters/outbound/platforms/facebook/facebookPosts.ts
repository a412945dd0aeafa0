import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { failedCallOutcome } from './facebookErrors';
import { graphPost, okBody } from './FacebookHttp';
import { postUrl } from './facebookIds';
import { type LinkedMedia } from './facebookMedia';
import { type FacebookSettings } from './FacebookOptions';

/** Where a post goes: the Page, with the Page's token. */
export interface PagePost {
  readonly settings: FacebookSettings;
  readonly pageId: string;
  readonly pageToken: string;
}

const photoFields = (photo: LinkedMedia) => ({ url: photo.url, ...(photo.altText ? { alt_text_custom: photo.altText } : {}) });

function published(target: PagePost, postId: string): PublishOutcome {
  return { kind: 'published', platformPostId: postId, platformPostUrl: postUrl(postId), postedAt: target.settings.now(), statusCode: 200 };
}

const unnamed = (what: string): PublishOutcome => ({
  kind: 'outcomeUnknown',
  reason: `publish outcome unknown: Facebook created the ${what} without naming it`,
  statusCode: 200,
});

/** `POST /{page-id}/feed` {message, attached_media?}: a text post (links in it are previewed), or photos uploaded before. */
export async function feedPost(target: PagePost, message: string, photoIds: readonly string[] = []): Promise<PublishOutcome> {
  const attached = photoIds.length > 0 ? { attached_media: photoIds.map((id) => ({ media_fbid: id })) } : {};
  const answer = await graphPost(target.settings, `/${target.pageId}/feed`, target.pageToken, { message, ...attached });
  if (answer.kind !== 'answered' || answer.status !== 200) return failedCallOutcome(answer, 'creating');
  const id = okBody<{ id?: unknown }>(answer)?.id;
  return typeof id === 'string' ? published(target, id) : unnamed('post');
}

/** `POST /{page-id}/photos` {url, caption}: one photo, published as the Page's post (`post_id`). */
export async function photoPost(target: PagePost, caption: string, photo: LinkedMedia): Promise<PublishOutcome> {
  const answer = await graphPost(target.settings, `/${target.pageId}/photos`, target.pageToken, { ...photoFields(photo), caption, published: true });
  if (answer.kind !== 'answered' || answer.status !== 200) return failedCallOutcome(answer, 'creating');
  const body = okBody<{ id?: unknown; post_id?: unknown }>(answer);
  const id = typeof body?.post_id === 'string' ? body.post_id : body?.id;
  return typeof id === 'string' ? published(target, id) : unnamed('photo post');
}

/**
 * Several photos: each uploaded unpublished (`published=false`, nothing visible, so a failure
 * can be tried again), then one feed post attaches them all.
 */
export async function photosPost(target: PagePost, message: string, photos: readonly LinkedMedia[]): Promise<PublishOutcome> {
  const ids: string[] = [];
  for (const photo of photos) {
    const answer = await graphPost(target.settings, `/${target.pageId}/photos`, target.pageToken, { ...photoFields(photo), published: false });
    if (answer.kind !== 'answered' || answer.status !== 200) return failedCallOutcome(answer, 'preparing');
    const id = okBody<{ id?: unknown }>(answer)?.id;
    if (typeof id !== 'string') return { kind: 'retryLater', afterSeconds: 60, reason: 'Facebook stored a photo without naming it', statusCode: 200 };
    ids.push(id);
  }
  return feedPost(target, message, ids);
}
