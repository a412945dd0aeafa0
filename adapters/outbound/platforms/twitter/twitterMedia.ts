import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { bearerJson } from '../kit/http';
import { failedCall } from '../kit/outcomes';
import { callX, type TwitterSettings, X_ERRORS } from './twitterApi';
import { checkProcessing, type Upload, uploadImage, uploadInChunks } from './twitterUploads';

/**
 * What a segment left to resume from while X processes its media: every media id its tweet
 * will name, and those X was still processing. Media ids stay usable for the
 * `expires_after_secs` X gave them, far longer than processing takes.
 */
export interface MediaCheckpoint {
  readonly mediaIds: readonly string[];
  readonly pending: readonly string[];
}

/** A segment's media: all usable, some still processing at X (come back later), or refused. */
export type SegmentMedia =
  | { readonly kind: 'ready'; readonly mediaIds: readonly string[] }
  | { readonly kind: 'processing'; readonly checkpoint: MediaCheckpoint; readonly afterSeconds: number }
  | { readonly kind: 'failed'; readonly outcome: PublishOutcome }
  /** Media of the checkpoint X no longer knows: upload again. */
  | { readonly kind: 'expired' };

/** X takes alt text of up to 1,000 characters, for images and GIFs. */
const ALT_TEXT_LIMIT = 1000;

export const encodeCheckpoint = (checkpoint: MediaCheckpoint): string =>
  JSON.stringify({ twitterMedia: { mediaIds: checkpoint.mediaIds, pending: checkpoint.pending } });

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((v) => typeof v === 'string');

/** Null for anything this connector did not write (the upload then starts over). */
export function decodeCheckpoint(text: string | null): MediaCheckpoint | null {
  if (text === null) return null;
  try {
    const value = (JSON.parse(text) as { twitterMedia?: { mediaIds?: unknown; pending?: unknown } } | null)?.twitterMedia;
    if (!isIdList(value?.mediaIds) || !isIdList(value.pending)) return null;
    return { mediaIds: value.mediaIds, pending: value.pending };
  } catch {
    return null;
  }
}

async function readAll(body: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** Still images go in one request (X takes up to 5 MB); videos and animated GIFs in chunks (X takes GIFs as `tweet_gif`). */
async function uploadOne(
  settings: TwitterSettings,
  accessToken: string,
  item: MediaToPublish,
  media: MediaAccess,
): Promise<Upload & { kind: 'image' | 'video' }> {
  const { body, facts } = await media.open(item.id);
  try {
    if (facts.kind === 'image' && facts.mimeType !== 'image/gif') {
      return { ...(await uploadImage(settings, accessToken, await readAll(body), facts.mimeType)), kind: 'image' };
    }
    const category = facts.kind === 'video' ? 'tweet_video' : 'tweet_gif';
    const upload = await uploadInChunks(settings, accessToken, body, { sizeBytes: facts.sizeBytes, mimeType: facts.mimeType, category });
    return { ...upload, kind: facts.kind };
  } finally {
    body.destroy();
  }
}

/** `POST /2/media/metadata` `{id, metadata: {alt_text: {text}}}`, before the tweet names the media; null when done. */
async function describeMedia(settings: TwitterSettings, accessToken: string, mediaId: string, altText: string): Promise<PublishOutcome | null> {
  const text = [...altText].slice(0, ALT_TEXT_LIMIT).join('');
  const answer = await callX(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}/2/media/metadata`,
    headers: bearerJson(accessToken),
    body: JSON.stringify({ id: mediaId, metadata: { alt_text: { text } } }),
  });
  if (answer.kind === 'answered' && answer.status >= 200 && answer.status <= 299) return null;
  return failedCall(answer, 'preparing', X_ERRORS, settings.now());
}

/** Uploads every item; nothing is public until a tweet names them, so any failure can be tried again. */
export async function uploadSegmentMedia(
  settings: TwitterSettings,
  accessToken: string,
  items: readonly MediaToPublish[],
  media: MediaAccess,
): Promise<SegmentMedia> {
  const mediaIds: string[] = [];
  const pending: string[] = [];
  let afterSeconds = 0;
  for (const item of items) {
    const upload = await uploadOne(settings, accessToken, item, media);
    if (upload.processing.kind === 'failed') return { kind: 'failed', outcome: upload.processing.outcome };
    if (!upload.ok) return { kind: 'failed', outcome: { kind: 'retryLater', afterSeconds: 60, reason: 'X did not take the media' } };
    if (item.altText && upload.kind !== 'video') {
      const refused = await describeMedia(settings, accessToken, upload.id, item.altText);
      if (refused) return { kind: 'failed', outcome: refused };
    }
    mediaIds.push(upload.id);
    if (upload.processing.kind === 'pending') {
      pending.push(upload.id);
      afterSeconds = Math.max(afterSeconds, upload.processing.afterSeconds);
    }
  }
  return pending.length > 0 ? { kind: 'processing', checkpoint: { mediaIds, pending }, afterSeconds } : { kind: 'ready', mediaIds };
}

/** One STATUS look at each item X was still processing at the last call. */
export async function resumeSegmentMedia(settings: TwitterSettings, accessToken: string, checkpoint: MediaCheckpoint): Promise<SegmentMedia> {
  const pending: string[] = [];
  let afterSeconds = 0;
  for (const mediaId of checkpoint.pending) {
    const processing = await checkProcessing(settings, accessToken, mediaId);
    if (processing.kind === 'failed') return { kind: 'failed', outcome: processing.outcome };
    if (processing.kind === 'gone') return { kind: 'expired' };
    if (processing.kind === 'pending') {
      pending.push(mediaId);
      afterSeconds = Math.max(afterSeconds, processing.afterSeconds);
    }
  }
  if (pending.length > 0) return { kind: 'processing', checkpoint: { mediaIds: checkpoint.mediaIds, pending }, afterSeconds };
  return { kind: 'ready', mediaIds: checkpoint.mediaIds };
}
