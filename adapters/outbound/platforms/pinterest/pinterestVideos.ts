import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { getV5, parseJson, postV5 } from './PinterestHttp';
import { type PinterestSettings } from './PinterestOptions';
import { DEFAULT_RETRY_SECONDS, failedCallOutcome, succeeded } from './pinterestOutcomes';
import { postUploadForm } from './pinterestVideoUpload';

/** Where a video stands: Pinterest has processed it (the pin may name it), or an outcome to answer now. */
export type VideoState = { readonly ready: true; readonly mediaId: string } | { readonly ready: false; readonly outcome: PublishOutcome };

interface RegisteredUpload {
  media_id?: unknown;
  upload_url?: unknown;
  upload_parameters?: unknown;
}

const stringFields = (value: unknown): Record<string, string> | null => {
  if (value === null || typeof value !== 'object') return null;
  const entries = Object.entries(value as Record<string, unknown>);
  return entries.every(([, v]) => typeof v === 'string') ? Object.fromEntries(entries as Array<[string, string]>) : null;
};

const processing = (settings: PinterestSettings, mediaId: string, reason: string): PublishOutcome => ({
  kind: 'processing',
  afterSeconds: settings.videoCheckSeconds,
  checkpoint: mediaId,
  reason,
});

/**
 * A segment's first call for a video: registered (`POST /v5/media`), its bytes POSTed to the
 * upload form Pinterest gave, then `processing` with the media id as the checkpoint (never a
 * wait here). Nothing is visible yet, so a failure is tried again, unless the storage refuses
 * the file itself (400).
 */
export async function uploadVideo(settings: PinterestSettings, accessToken: string, item: MediaToPublish, media: MediaAccess): Promise<PublishOutcome> {
  const registered = await postV5(settings, accessToken, '/media', { media_type: 'video' });
  if (registered.kind !== 'answered' || !succeeded(registered.status)) return failedCallOutcome(registered, 'preparing');
  const upload = parseJson(registered.text) as RegisteredUpload | null;
  const fields = stringFields(upload?.upload_parameters);
  if (typeof upload?.media_id !== 'string' || typeof upload.upload_url !== 'string' || fields === null) {
    return { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason: 'Pinterest gave no usable upload for a video' };
  }
  const { body, facts } = await media.open(item.id);
  const posted = await postUploadForm(settings, { url: upload.upload_url, fields }, { body, mimeType: facts.mimeType, sizeBytes: facts.sizeBytes });
  body.destroy();
  if (posted.kind !== 'answered' || !succeeded(posted.status)) {
    // The upload form is the storage service's, not the owner's grant: only a 400 (the file itself) is final.
    const outcome = failedCallOutcome(posted, 'preparing');
    if (outcome.kind !== 'needsReconnect' && (outcome.kind !== 'rejected' || outcome.statusCode === 400)) return outcome;
    return { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason: `the video upload was refused: ${outcome.reason}` };
  }
  return processing(settings, upload.media_id, 'Pinterest is processing the video');
}

/** A later call: `GET /v5/media/{id}` says whether Pinterest has processed the video. */
export async function videoState(settings: PinterestSettings, accessToken: string, mediaId: string): Promise<VideoState> {
  const answer = await getV5(settings, accessToken, `/media/${encodeURIComponent(mediaId)}`);
  if (answer.kind !== 'answered' || answer.status !== 200) return { ready: false, outcome: failedCallOutcome(answer, 'preparing') };
  const status = (parseJson(answer.text) as { status?: unknown } | null)?.status;
  if (status === 'succeeded') return { ready: true, mediaId };
  if (status === 'failed') return { ready: false, outcome: { kind: 'rejected', reason: 'Pinterest could not process the video', statusCode: 200 } };
  return { ready: false, outcome: processing(settings, mediaId, `Pinterest is processing the video (${String(status)})`) };
}
