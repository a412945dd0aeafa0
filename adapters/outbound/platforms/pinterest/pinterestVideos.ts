import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { bearer, bearerJson, okJson, type PlatformAnswer } from '../kit/http';
import { failedCall, RETRY_SECONDS } from '../kit/outcomes';
import { callPinterest, PINTEREST_ERRORS, type PinterestSettings } from './pinterestApi';

/** Where a video stands: Pinterest has processed it (the pin may name it), or an outcome to answer now. */
export type VideoState = { readonly ready: true; readonly mediaId: string } | { readonly ready: false; readonly outcome: PublishOutcome };

/** What `POST /v5/media` hands back for the upload: a form POST target and its fields. */
interface UploadTarget {
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
}

const CRLF = '\r\n';

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

const succeeded = (answer: PlatformAnswer): boolean => answer.kind === 'answered' && answer.status >= 200 && answer.status <= 299;

/**
 * The video POSTed to Pinterest's upload URL as `multipart/form-data`: every field of
 * `upload_parameters` first, then the bytes as `file` (the order such upload forms need),
 * streamed with the exact length known up front. The storage service's, not the owner's token.
 */
function postUploadForm(settings: PinterestSettings, target: UploadTarget, file: { body: Readable; mimeType: string; sizeBytes: number }) {
  const boundary = `----dispatch${randomBytes(12).toString('hex')}`;
  const fieldParts = Object.entries(target.fields).map(
    ([name, value]) => `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`,
  );
  const fileHead = `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="video"${CRLF}Content-Type: ${file.mimeType}${CRLF}${CRLF}`;
  const head = Buffer.from(fieldParts.join('') + fileHead);
  const tail = Buffer.from(`${CRLF}--${boundary}--${CRLF}`);
  async function* body(): AsyncIterable<Buffer> {
    yield head;
    for await (const chunk of file.body) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    yield tail;
  }
  return callPinterest(settings, {
    method: 'POST',
    url: target.url,
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + file.sizeBytes + tail.length) },
    body: Readable.from(body()),
  });
}

/**
 * A segment's first call for a video: registered (`POST /v5/media`), its bytes POSTed to the
 * upload form Pinterest gave, then `processing` with the media id as the checkpoint (never a
 * wait here). Nothing is visible yet, so a failure is tried again, unless the storage refuses
 * the file itself (400).
 */
export async function uploadVideo(settings: PinterestSettings, accessToken: string, item: MediaToPublish, media: MediaAccess): Promise<PublishOutcome> {
  const url = `${settings.apiBaseUrl}/v5/media`;
  const registered = await callPinterest(settings, { method: 'POST', url, headers: bearerJson(accessToken), body: JSON.stringify({ media_type: 'video' }) });
  if (!succeeded(registered)) return failedCall(registered, 'preparing', PINTEREST_ERRORS, settings.now());
  const upload = okJson(registered);
  const fields = stringFields(upload?.upload_parameters);
  if (typeof upload?.media_id !== 'string' || typeof upload.upload_url !== 'string' || fields === null) {
    return { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason: 'Pinterest gave no usable upload for a video' };
  }
  const { body, facts } = await media.open(item.id);
  const posted = await postUploadForm(settings, { url: upload.upload_url, fields }, { body, mimeType: facts.mimeType, sizeBytes: facts.sizeBytes });
  body.destroy();
  if (!succeeded(posted)) {
    // The upload form is the storage service's, not the owner's grant: only a 400 (the file itself) is final.
    const outcome = failedCall(posted, 'preparing', PINTEREST_ERRORS, settings.now());
    if (outcome.kind !== 'needsReconnect' && (outcome.kind !== 'rejected' || outcome.statusCode === 400)) return outcome;
    return { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason: `the video upload was refused: ${outcome.reason}` };
  }
  return processing(settings, upload.media_id, 'Pinterest is processing the video');
}

/** A later call: `GET /v5/media/{id}` says whether Pinterest has processed the video. */
export async function videoState(settings: PinterestSettings, accessToken: string, mediaId: string): Promise<VideoState> {
  const url = `${settings.apiBaseUrl}/v5/media/${encodeURIComponent(mediaId)}`;
  const answer = await callPinterest(settings, { method: 'GET', url, headers: bearer(accessToken) });
  if (!succeeded(answer)) return { ready: false, outcome: failedCall(answer, 'preparing', PINTEREST_ERRORS, settings.now()) };
  const status = okJson(answer)?.status;
  if (status === 'succeeded') return { ready: true, mediaId };
  if (status === 'failed') return { ready: false, outcome: { kind: 'rejected', reason: 'Pinterest could not process the video', statusCode: 200 } };
  return { ready: false, outcome: processing(settings, mediaId, `Pinterest is processing the video (${String(status)})`) };
}
