import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { okJson } from '../kit/http';
import { failedCall } from '../kit/outcomes';
import { FACEBOOK_ERRORS, type FacebookSettings, graphGet, graphPost, idIn } from './facebookApi';

/** A segment's media as Facebook fetches it: the library's signed links, never bytes. */
export interface LinkedMedia {
  readonly url: string;
  readonly altText: string | null;
}

export type SegmentMedia =
  | { readonly kind: 'none' }
  | { readonly kind: 'photos'; readonly photos: readonly LinkedMedia[] }
  | { readonly kind: 'video'; readonly video: LinkedMedia }
  | { readonly kind: 'unsupported'; readonly reason: string };

/** Where a post goes: the Page, with the Page's token. */
export interface PagePost {
  readonly settings: FacebookSettings;
  readonly pageId: string;
  readonly pageToken: string;
}

/** A post's page on Facebook: `{page-id}_{post-id}`, or a video's id. */
export const postUrl = (postId: string): string => `https://www.facebook.com/${postId}`;

/** Photos, or one video alone (docs/platforms.md); each item's kind is the library's. */
export async function segmentMedia(items: readonly MediaToPublish[], media: MediaAccess): Promise<SegmentMedia> {
  if (items.length === 0) return { kind: 'none' };
  const linked: Array<LinkedMedia & { readonly video: boolean }> = [];
  for (const item of items) {
    const { body, facts } = await media.open(item.id);
    body.destroy();
    linked.push({ url: await media.link(item.id), altText: item.altText, video: facts.kind === 'video' });
  }
  const videos = linked.filter((item) => item.video);
  if (videos.length === 0) return { kind: 'photos', photos: linked };
  if (linked.length === 1) return { kind: 'video', video: linked[0]! };
  return { kind: 'unsupported', reason: 'a Facebook post carries photos or one video alone' };
}

/** How long Facebook is given to process a video before it is asked again. */
export const VIDEO_CHECK_SECONDS = 30;

interface VideoStatus {
  video_status?: unknown;
  processing_phase?: { errors?: Array<{ message?: unknown }> };
  publishing_phase?: { status?: unknown };
}

/**
 * `POST /{page-id}/videos` {file_url, description, published}: Facebook fetches the video and
 * publishes it as the Page's post once processed. The video's id is the checkpoint; its status
 * is asked at once, and again on the engine's next call, never waited for here.
 */
export async function startVideo(target: PagePost, description: string, video: LinkedMedia): Promise<PublishOutcome> {
  const answer = await graphPost(target.settings, `/${target.pageId}/videos`, target.pageToken, { file_url: video.url, description, published: true });
  if (okJson(answer) === null) return failedCall(answer, 'creating', FACEBOOK_ERRORS, target.settings.now());
  const id = idIn(answer);
  if (id === null) return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Facebook took the video without naming it', statusCode: 200 };
  return videoProgress(target, id);
}

/**
 * `GET /{video-id}?fields=status`: published once processed (`ready`) and its publishing phase
 * complete (docs/platforms.md, Facebook review 6); `error` and `expired` are final; anything
 * else is asked again later.
 */
export async function videoProgress(target: PagePost, videoId: string): Promise<PublishOutcome> {
  const answer = await graphGet(target.settings, `/${encodeURIComponent(videoId)}`, target.pageToken, { fields: 'status' });
  const body = okJson(answer);
  // A failed status check changes nothing on Facebook: tried again later, from the same checkpoint.
  if (body === null) return failedCall(answer, 'preparing', FACEBOOK_ERRORS, target.settings.now());
  const status = (body.status ?? {}) as VideoStatus;
  const published = (status.publishing_phase?.status ?? 'complete') === 'complete';
  if (status.video_status === 'ready' && published) {
    return { kind: 'published', platformPostId: videoId, platformPostUrl: postUrl(videoId), postedAt: target.settings.now(), statusCode: 200 };
  }
  if (status.video_status === 'error' || status.video_status === 'expired') {
    const why = status.processing_phase?.errors?.find((error) => typeof error.message === 'string')?.message;
    return {
      kind: 'rejected',
      reason: `Facebook could not process the video (${String(status.video_status)})${why ? `: ${String(why)}` : ''}`,
      statusCode: 200,
    };
  }
  const phase = status.video_status === 'ready' ? 'publishing' : String(status.video_status);
  return { kind: 'processing', afterSeconds: VIDEO_CHECK_SECONDS, checkpoint: videoId, reason: `Facebook is processing the video (${phase})`, statusCode: 200 };
}
