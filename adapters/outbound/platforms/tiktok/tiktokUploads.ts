import { type Readable } from 'node:stream';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { type MediaFacts } from '../../../../domain/media/MediaFacts';
import { ByteRanges } from '../kit/byteRanges';
import { deadlineFor, type PlatformAnswer } from '../kit/http';
import { failedCall, RETRY_SECONDS } from '../kit/outcomes';
import { callOpenApi, callTikTok, dataOf, saidNothing, TIKTOK_ERRORS, type TikTokSettings } from './tiktokApi';

/** TikTok processes most videos within a minute; its status endpoint allows 30 calls a minute per token. */
const CHECK_AGAIN_SECONDS = 15;

/** The outcome of a call whose content TikTok has: check the publish_id's status again soon. */
export function processing(publishId: string, reason: string): PublishOutcome {
  return { kind: 'processing', afterSeconds: CHECK_AGAIN_SECONDS, checkpoint: publishId, reason };
}

/**
 * TikTok's chunking of a FILE_UPLOAD: a video no larger than one chunk goes whole; otherwise
 * `total_chunk_count` is the size divided by `chunk_size`, rounded down, and the last chunk
 * also carries the bytes left over.
 */
export function chunkPlan(videoSize: number, chunkBytes: number): { chunkSize: number; lengths: number[] } {
  if (videoSize <= chunkBytes) return { chunkSize: videoSize, lengths: [videoSize] };
  const count = Math.floor(videoSize / chunkBytes);
  const lengths = Array.from({ length: count }, () => chunkBytes);
  lengths[count - 1] += videoSize - count * chunkBytes;
  return { chunkSize: chunkBytes, lengths };
}

/**
 * A video by direct post: `POST /v2/post/publish/video/init/` with FILE_UPLOAD (the size and
 * chunking), then each chunk PUT to `upload_url` in order with its `Content-Range`. TikTok
 * then processes it: the answer is `processing` with the publish_id, never a wait here.
 * FILE_UPLOAD rather than PULL_FROM_URL: TikTok pulls only from a domain verified for the app,
 * which a self-hosted library's signed links are not. Nothing is published before every byte
 * is sent to the `upload_url` the init's answer gives, so an init whose answer was lost made
 * nothing that can be posted: it is tried again, never unknown.
 */
export async function postVideo(
  settings: TikTokSettings,
  accessToken: string,
  postInfo: object,
  video: { readonly body: Readable; readonly facts: MediaFacts },
): Promise<PublishOutcome> {
  const size = video.facts.sizeBytes;
  const plan = chunkPlan(size, settings.chunkBytes);
  const init = await callOpenApi(settings, accessToken, '/v2/post/publish/video/init/', {
    post_info: postInfo,
    source_info: { source: 'FILE_UPLOAD', video_size: size, chunk_size: plan.chunkSize, total_chunk_count: plan.lengths.length },
  });
  const data = dataOf(init);
  if (data === null) {
    if (saidNothing(init)) return { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason: 'TikTok did not accept the video upload', statusCode: 200 };
    return failedCall(init, 'preparing', TIKTOK_ERRORS, settings.now());
  }
  if (typeof data.publish_id !== 'string' || typeof data.upload_url !== 'string') {
    return { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason: 'TikTok gave no upload address for the video' };
  }
  const ranges = new ByteRanges(video.body);
  let first = 0;
  for (const [index, length] of plan.lengths.entries()) {
    const bytes = await ranges.next(length);
    const put = await callTikTok(settings, {
      method: 'PUT',
      url: data.upload_url,
      headers: { 'Content-Type': video.facts.mimeType, 'Content-Range': `bytes ${first}-${first + length - 1}/${size}` },
      body: bytes,
      timeoutMs: deadlineFor(settings, length),
    });
    const last = index === plan.lengths.length - 1;
    if (put.kind !== 'answered' || put.status < 200 || put.status > 299) return chunkFailure(settings, put, last, data.publish_id);
    first += length;
  }
  return processing(data.publish_id, 'TikTok is processing the uploaded video');
}

/**
 * A chunk that failed: an unfinished upload is never published, so trying again (a new init)
 * is safe. Only the last chunk, sent with no answer, may have completed the upload: its
 * publish_id tells on the next call.
 */
function chunkFailure(settings: TikTokSettings, put: PlatformAnswer, last: boolean, publishId: string): PublishOutcome {
  if (put.kind === 'noAnswer' && last) return processing(publishId, `the end of the video may have reached TikTok: ${put.reason}`);
  const outcome = failedCall(put, 'preparing', TIKTOK_ERRORS, settings.now());
  // The upload address carries its own authorization; refused, a new init gives a new one.
  return outcome.kind === 'needsReconnect'
    ? { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason: outcome.reason, statusCode: outcome.statusCode }
    : outcome;
}

/**
 * Photos by direct post: `POST /v2/post/publish/content/init/` with `media_type` PHOTO. TikTok
 * takes photos only by pulling them (PULL_FROM_URL), here the library's signed links, which
 * TikTok fetches only from a domain verified for the app (`url_ownership_unverified`
 * otherwise). TikTok fetches them itself once it has the request, so a call that may have
 * reached it and got no clear answer is `outcomeUnknown` (no publish_id to ask about, and no
 * read that would find a private post: TikTokConnector).
 */
export async function postPhotos(
  settings: TikTokSettings,
  accessToken: string,
  postInfo: object,
  items: readonly MediaToPublish[],
  media: MediaAccess,
): Promise<PublishOutcome> {
  const links = await Promise.all(items.map((item) => media.link(item.id)));
  const init = await callOpenApi(settings, accessToken, '/v2/post/publish/content/init/', {
    post_info: postInfo,
    source_info: { source: 'PULL_FROM_URL', photo_cover_index: 0, photo_images: links },
    post_mode: 'DIRECT_POST',
    media_type: 'PHOTO',
  });
  const data = dataOf(init);
  if (data === null) {
    if (saidNothing(init)) return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: TikTok answered without saying', statusCode: 200 };
    return failedCall(init, 'creating', TIKTOK_ERRORS, settings.now());
  }
  if (typeof data.publish_id !== 'string') {
    return { kind: 'outcomeUnknown', reason: 'publish outcome unknown: TikTok took the photos without naming the post', statusCode: 200 };
  }
  return processing(data.publish_id, 'TikTok is fetching and processing the photos');
}
