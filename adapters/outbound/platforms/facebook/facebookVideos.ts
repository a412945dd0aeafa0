import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { failedCallOutcome } from './facebookErrors';
import { graphGet, graphPost, okBody } from './FacebookHttp';
import { postUrl } from './facebookIds';
import { type LinkedMedia } from './facebookMedia';
import { type PagePost } from './facebookPosts';

/** How long Facebook is given to process a video before it is asked again. */
export const VIDEO_CHECK_SECONDS = 30;

interface VideoStatusBody {
  status?: { video_status?: unknown; processing_phase?: { errors?: Array<{ message?: unknown }> } };
}

/**
 * `POST /{page-id}/videos` {file_url, description}: Facebook fetches the video and publishes
 * it as the Page's post once processed. The video's id is the checkpoint; its status is asked
 * at once, and again on the engine's next call, never waited for here.
 */
export async function startVideo(target: PagePost, description: string, video: LinkedMedia): Promise<PublishOutcome> {
  const answer = await graphPost(target.settings, `/${target.pageId}/videos`, target.pageToken, { file_url: video.url, description, published: true });
  if (answer.kind !== 'answered' || answer.status !== 200) return failedCallOutcome(answer, 'creating');
  const id = okBody<{ id?: unknown }>(answer)?.id;
  if (typeof id !== 'string') return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: Facebook took the video without naming it', statusCode: 200 };
  return videoProgress(target, id);
}

/** `GET /{video-id}?fields=status`: ready is published; processing is asked again later; error and expired are final. */
export async function videoProgress(target: PagePost, videoId: string): Promise<PublishOutcome> {
  const answer = await graphGet(target.settings, `/${encodeURIComponent(videoId)}`, target.pageToken, { fields: 'status' });
  const body = okBody<VideoStatusBody>(answer);
  // A failed status check changes nothing on Facebook: tried again later, from the same checkpoint.
  if (body === null) return failedCallOutcome(answer, 'preparing');
  const status = body.status?.video_status;
  if (status === 'ready') {
    return { kind: 'published', platformPostId: videoId, platformPostUrl: postUrl(videoId), postedAt: target.settings.now(), statusCode: 200 };
  }
  if (status === 'error' || status === 'expired') {
    const why = body.status?.processing_phase?.errors?.find((error) => typeof error.message === 'string')?.message;
    return { kind: 'rejected', reason: `Facebook could not process the video (${String(status)})${why ? `: ${String(why)}` : ''}`, statusCode: 200 };
  }
  return {
    kind: 'processing',
    afterSeconds: VIDEO_CHECK_SECONDS,
    checkpoint: videoId,
    reason: `Facebook is processing the video (${String(status)})`,
    statusCode: 200,
  };
}
