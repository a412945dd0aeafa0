import { type Readable } from 'node:stream';
import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { type MediaFacts } from '../../../../domain/media/MediaFacts';
import { ByteRanges } from '../kit/byteRanges';
import { chunkPlan } from './tiktokChunkPlan';
import { callOpenApi, callTikTok, dataOf, type TikTokAnswer } from './TikTokHttp';
import { type TikTokSettings } from './TikTokOptions';
import { DEFAULT_RETRY_SECONDS, failedCallOutcome } from './tiktokOutcomes';
import { processing } from './tiktokStatus';

/**
 * A video by direct post: `POST /v2/post/publish/video/init/` with FILE_UPLOAD (the size and
 * chunking), then each chunk PUT to `upload_url` in order with its `Content-Range`. TikTok
 * then processes it: the answer is `processing` with the publish_id, never a wait here.
 * FILE_UPLOAD rather than PULL_FROM_URL: TikTok pulls only from a domain verified for the app,
 * which a self-hosted library's signed links are not.
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
  if (data === null) return initFailure(init);
  if (typeof data.publish_id !== 'string' || typeof data.upload_url !== 'string') {
    // Nothing is published before the bytes are sent, so asking again is safe.
    return { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason: 'TikTok gave no upload address for the video' };
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
    });
    const last = index === plan.lengths.length - 1;
    if (put.kind !== 'answered' || put.status < 200 || put.status > 299) return chunkFailure(put, last, data.publish_id);
    first += length;
  }
  return processing(data.publish_id, 'TikTok is processing the uploaded video');
}

/** An error answer to the init made nothing TikTok could publish (the bytes are still here); no answer leaves it unknown. */
function initFailure(init: TikTokAnswer): PublishOutcome {
  if (init.kind === 'answered' && init.status === 200) {
    return { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason: 'TikTok did not accept the video upload', statusCode: 200 };
  }
  return failedCallOutcome(init, 'reserving');
}

/**
 * A chunk that failed: an unfinished upload is never published, so trying again (a new init)
 * is safe. Only the last chunk, sent with no answer, may have completed the upload: its
 * publish_id tells on the next call.
 */
function chunkFailure(put: TikTokAnswer, last: boolean, publishId: string): PublishOutcome {
  if (put.kind === 'noAnswer' && last) return processing(publishId, `the end of the video may have reached TikTok: ${put.reason}`);
  const outcome = failedCallOutcome(put, 'reading');
  // The upload address carries its own authorization; refused, a new init gives a new one.
  return outcome.kind === 'needsReconnect'
    ? { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason: outcome.reason, statusCode: outcome.statusCode }
    : outcome;
}
