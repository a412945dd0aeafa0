import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { bearer, bearerJson, type PlatformAnswer, parseJson, urlOf } from '../kit/http';
import { failedCall } from '../kit/outcomes';
import { callX, type TwitterSettings, X_ERRORS } from './twitterApi';

/** X's word on an upload: `processing_info` once media is processed after FINALIZE. */
interface UploadStatus {
  readonly data?: {
    readonly id?: unknown;
    readonly processing_info?: { state?: unknown; check_after_secs?: unknown; error?: { message?: unknown; name?: unknown } };
  };
}

/** Where one media item stands: usable, still processing (ask again after a while), or refused. */
export type Processing =
  | { readonly kind: 'ready' }
  /** X no longer knows the media id (it expired): the upload starts over. */
  | { readonly kind: 'gone' }
  | { readonly kind: 'pending'; readonly afterSeconds: number }
  | { readonly kind: 'failed'; readonly outcome: PublishOutcome };

/** One media item sent to X: its media id and whether X is still processing it, or what went wrong. */
export type Upload = { readonly ok: true; readonly id: string; readonly processing: Processing } | { readonly ok: false; readonly processing: Processing };

const DEFAULT_CHECK_SECONDS = 5;

/** Reads `processing_info`: none or `succeeded` is ready; `pending` and `in_progress` wait `check_after_secs`. */
function processingOf(status: UploadStatus | null): Processing {
  const info = status?.data?.processing_info;
  if (!info || info.state === 'succeeded') return { kind: 'ready' };
  if (info.state === 'failed') {
    const message = typeof info.error?.message === 'string' ? info.error.message : 'no reason given';
    return { kind: 'failed', outcome: { kind: 'rejected', reason: `X could not process the media: ${message}` } };
  }
  const after = typeof info.check_after_secs === 'number' && info.check_after_secs > 0 ? info.check_after_secs : DEFAULT_CHECK_SECONDS;
  return { kind: 'pending', afterSeconds: after };
}

/** An upload call's answer read as a status; a failure is nothing public yet (`preparing`). */
function statusFrom(answer: PlatformAnswer, now: Date): { ok: true; status: UploadStatus | null } | { ok: false; outcome: PublishOutcome } {
  if (answer.kind !== 'answered' || answer.status < 200 || answer.status > 299) return { ok: false, outcome: failedCall(answer, 'preparing', X_ERRORS, now) };
  return { ok: true, status: parseJson(answer.text) as UploadStatus | null };
}

function uploadOf(answer: PlatformAnswer, now: Date): Upload {
  const read = statusFrom(answer, now);
  if (!read.ok) return { ok: false, processing: { kind: 'failed', outcome: read.outcome } };
  const id = read.status?.data?.id;
  if (typeof id !== 'string') {
    return { ok: false, processing: { kind: 'failed', outcome: { kind: 'retryLater', afterSeconds: 60, reason: 'X answered an upload without a media id' } } };
  }
  return { ok: true, id, processing: processingOf(read.status) };
}

/**
 * An image in one `POST /2/media/upload` (multipart: the file, its type as the part's
 * Content-Type, and `media_category=tweet_image`). X's description allows no `media_type` field.
 */
export async function uploadImage(settings: TwitterSettings, accessToken: string, bytes: Buffer, mimeType: string): Promise<Upload> {
  const form = new FormData();
  form.set('media', new Blob([bytes], { type: mimeType }), 'media');
  form.set('media_category', 'tweet_image');
  const answer = await callX(settings, { method: 'POST', url: `${settings.apiBaseUrl}/2/media/upload`, headers: bearer(accessToken), body: form });
  return uploadOf(answer, settings.now());
}

async function* chunksOf(body: AsyncIterable<Buffer | string>, size: number): AsyncGenerator<Buffer> {
  let pending = Buffer.alloc(0);
  for await (const chunk of body) {
    pending = Buffer.concat([pending, typeof chunk === 'string' ? Buffer.from(chunk) : chunk]);
    while (pending.length >= size) {
      yield pending.subarray(0, size);
      pending = pending.subarray(size);
    }
  }
  if (pending.length > 0) yield pending;
}

/**
 * A video (or an animated GIF) in chunks, one in memory at a time: `initialize` with its type,
 * size and category, one `append` per chunk (multipart, `segment_index` from 0), then
 * `finalize`, whose `processing_info` says whether X is still processing it.
 */
export async function uploadInChunks(
  settings: TwitterSettings,
  accessToken: string,
  body: AsyncIterable<Buffer | string>,
  facts: { sizeBytes: number; mimeType: string; category: 'tweet_video' | 'tweet_gif' },
): Promise<Upload> {
  const base = `${settings.apiBaseUrl}/2/media/upload`;
  const initialize = await callX(settings, {
    method: 'POST',
    url: `${base}/initialize`,
    headers: bearerJson(accessToken),
    body: JSON.stringify({ media_type: facts.mimeType, total_bytes: facts.sizeBytes, media_category: facts.category }),
  });
  const started = uploadOf(initialize, settings.now());
  if (!started.ok) return started;
  let segmentIndex = 0;
  for await (const chunk of chunksOf(body, settings.chunkBytes)) {
    const form = new FormData();
    form.set('segment_index', String(segmentIndex));
    form.set('media', new Blob([chunk], { type: 'application/octet-stream' }), 'chunk');
    const appended = statusFrom(
      await callX(settings, { method: 'POST', url: `${base}/${started.id}/append`, headers: bearer(accessToken), body: form }),
      settings.now(),
    );
    if (!appended.ok) return { ok: false, processing: { kind: 'failed', outcome: appended.outcome } };
    segmentIndex += 1;
  }
  return uploadOf(await callX(settings, { method: 'POST', url: `${base}/${started.id}/finalize`, headers: bearer(accessToken) }), settings.now());
}

/** `GET /2/media/upload?command=STATUS&media_id=…`: one look, never a wait. */
export async function checkProcessing(settings: TwitterSettings, accessToken: string, mediaId: string): Promise<Processing> {
  const url = urlOf(settings.apiBaseUrl, '/2/media/upload', { command: 'STATUS', media_id: mediaId });
  const answer = await callX(settings, { method: 'GET', url, headers: bearer(accessToken) });
  // X answers a 4xx for a media id past its expires_after_secs.
  if (answer.kind === 'answered' && (answer.status === 400 || answer.status === 404)) return { kind: 'gone' };
  const read = statusFrom(answer, settings.now());
  return read.ok ? processingOf(read.status) : { kind: 'failed', outcome: read.outcome };
}
