import { bearer, bearerJson, callX } from './TwitterHttp';
import { type TwitterSettings } from './TwitterOptions';
import { type Processing, processingOf, statusFrom } from './twitterProcessing';

/** One media item sent to X: its media id and whether X is still processing it, or what went wrong. */
export type Upload = { readonly ok: true; readonly id: string; readonly processing: Processing } | { readonly ok: false; readonly processing: Processing };

const failed = (processing: Processing): Upload => ({ ok: false, processing });

/**
 * An image in one `POST /2/media/upload` (multipart: the file, its type as the part's
 * Content-Type, and `media_category=tweet_image`). X's description allows no `media_type` field.
 */
export async function uploadImage(settings: TwitterSettings, accessToken: string, bytes: Buffer, mimeType: string): Promise<Upload> {
  const form = new FormData();
  form.set('media', new Blob([bytes], { type: mimeType }), 'media');
  form.set('media_category', 'tweet_image');
  const answer = await callX(settings, { method: 'POST', url: `${settings.apiBaseUrl}/2/media/upload`, headers: bearer(accessToken), body: form });
  return idOf(statusFrom(answer, settings.now()));
}

function idOf(read: ReturnType<typeof statusFrom>): Upload {
  if (!read.ok) return failed({ kind: 'failed', outcome: read.outcome });
  const id = read.status?.data?.id;
  if (typeof id !== 'string')
    return failed({ kind: 'failed', outcome: { kind: 'retryLater', afterSeconds: 60, reason: 'X answered an upload without a media id' } });
  return { ok: true, id, processing: processingOf(read.status) };
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
 * A video (or an animated GIF) in chunks: `initialize` with its type, size and category, one
 * `append` per chunk (multipart, `segment_index` from 0), then `finalize`, whose
 * `processing_info` says whether X is still processing it.
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
  const started = idOf(statusFrom(initialize, settings.now()));
  if (!started.ok) return started;
  let segmentIndex = 0;
  for await (const chunk of chunksOf(body, settings.chunkBytes)) {
    const form = new FormData();
    form.set('segment_index', String(segmentIndex));
    form.set('media', new Blob([chunk], { type: 'application/octet-stream' }), 'chunk');
    const append = await callX(settings, { method: 'POST', url: `${base}/${started.id}/append`, headers: bearer(accessToken), body: form });
    const appended = statusFrom(append, settings.now());
    if (!appended.ok) return failed({ kind: 'failed', outcome: appended.outcome });
    segmentIndex += 1;
  }
  const finalize = await callX(settings, { method: 'POST', url: `${base}/${started.id}/finalize`, headers: bearer(accessToken) });
  return idOf(statusFrom(finalize, settings.now()));
}
