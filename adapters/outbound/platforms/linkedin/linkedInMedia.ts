import { type MediaAccess } from '../../../../application/ports/platforms/PlatformConnector';
import { type MediaToPublish, type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { ByteRanges } from '../kit/byteRanges';
import { bearer, okJson, type PlatformAnswer } from '../kit/http';
import { failedCall, RETRY_SECONDS } from '../kit/outcomes';
import { callLinkedIn, callWithToken, LINKEDIN_ERRORS, type LinkedInSettings, restHeaders } from './linkedInApi';

export interface UploadedMedia {
  readonly id: string;
  readonly kind: 'image' | 'video';
  readonly altText: string | null;
}

/** One image or video uploaded to LinkedIn (its URN), or the outcome that stopped it. */
type MediaUpload = { readonly ok: true; readonly id: string } | { readonly ok: false; readonly outcome: PublishOutcome };

export type MediaUploads = { readonly ok: true; readonly media: UploadedMedia[] } | { readonly ok: false; readonly outcome: PublishOutcome };

interface UploadInstruction {
  readonly uploadUrl: string;
  readonly firstByte: number;
  readonly lastByte: number;
}

const retryLater = (reason: string) => ({ ok: false as const, outcome: { kind: 'retryLater' as const, afterSeconds: RETRY_SECONDS, reason } });

/** An upload call that did not succeed: nothing is visible until the post names the media, so it can be tried again. */
const notUploaded = (settings: LinkedInSettings, answer: PlatformAnswer) => ({
  ok: false as const,
  outcome: failedCall(answer, 'preparing', LINKEDIN_ERRORS, settings.now()),
});

const succeeded = (answer: PlatformAnswer): boolean => answer.kind === 'answered' && answer.status >= 200 && answer.status <= 299;

const restAction = (settings: LinkedInSettings, accessToken: string, api: 'images' | 'videos', action: string, request: object) =>
  callWithToken(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}/rest/${api}?action=${action}`,
    headers: restHeaders(settings, accessToken, true),
    body: JSON.stringify(request),
  });

/** One image through the Images API: `initializeUpload` names an image URN and an upload URL, then the bytes are PUT there. */
async function uploadImage(settings: LinkedInSettings, accessToken: string, owner: string, bytes: Buffer, mimeType: string): Promise<MediaUpload> {
  const initialize = await restAction(settings, accessToken, 'images', 'initializeUpload', { initializeUploadRequest: { owner } });
  const value = okJson(initialize)?.value as { uploadUrl?: unknown; image?: unknown } | undefined;
  if (!succeeded(initialize)) return notUploaded(settings, initialize);
  if (typeof value?.uploadUrl !== 'string' || typeof value.image !== 'string') return retryLater('LinkedIn gave no upload URL for an image');
  const upload = await callLinkedIn(settings, {
    method: 'PUT',
    url: value.uploadUrl,
    headers: { ...bearer(accessToken), 'Content-Type': mimeType },
    body: bytes,
  });
  return succeeded(upload) ? { ok: true, id: value.image } : notUploaded(settings, upload);
}

/** Whether LinkedIn's parts follow each other from byte 0 to the last byte of the file. */
function coversFile(parts: readonly UploadInstruction[], size: number): boolean {
  let next = 0;
  for (const part of parts) {
    if (typeof part.uploadUrl !== 'string' || part.firstByte !== next || part.lastByte < part.firstByte) return false;
    next = part.lastByte + 1;
  }
  return next === size;
}

/**
 * One video through the Videos API: `initializeUpload` with its size gives the parts and
 * their upload URLs; each part is PUT and its ETag kept; `finalizeUpload` names the ETags in
 * order. LinkedIn then processes the video: the post may name it once it is AVAILABLE
 * (`videoStatus`), which the publisher waits for by answering `processing`, never here.
 */
async function uploadVideo(
  settings: LinkedInSettings,
  accessToken: string,
  owner: string,
  body: AsyncIterable<Buffer | string>,
  size: number,
): Promise<MediaUpload> {
  const request = { initializeUploadRequest: { owner, fileSizeBytes: size, uploadCaptions: false, uploadThumbnail: false } };
  const initialize = await restAction(settings, accessToken, 'videos', 'initializeUpload', request);
  if (!succeeded(initialize)) return notUploaded(settings, initialize);
  const value = okJson(initialize)?.value as { video?: unknown; uploadToken?: unknown; uploadInstructions?: UploadInstruction[] } | undefined;
  const parts = value?.uploadInstructions ?? [];
  if (typeof value?.video !== 'string' || !coversFile(parts, size)) return retryLater('LinkedIn gave no usable upload parts for a video');
  const ranges = new ByteRanges(body);
  const etags: string[] = [];
  for (const part of parts) {
    const bytes = await ranges.next(part.lastByte - part.firstByte + 1);
    const put = await callLinkedIn(settings, { method: 'PUT', url: part.uploadUrl, headers: { 'Content-Type': 'application/octet-stream' }, body: bytes });
    if (!succeeded(put)) return notUploaded(settings, put);
    const etag = put.kind === 'answered' ? put.headers.get('etag') : null;
    if (!etag) return retryLater('LinkedIn did not confirm a part of a video (no ETag)');
    etags.push(etag);
  }
  const uploadToken = typeof value.uploadToken === 'string' ? value.uploadToken : '';
  const finalize = await restAction(settings, accessToken, 'videos', 'finalizeUpload', {
    finalizeUploadRequest: { video: value.video, uploadToken, uploadedPartIds: etags },
  });
  return succeeded(finalize) ? { ok: true, id: value.video } : notUploaded(settings, finalize);
}

async function readAll(body: AsyncIterable<Buffer | string>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** A segment's media uploaded for `owner` (the post's author: a video belongs to its owner, who must post it). */
export async function uploadMedia(
  settings: LinkedInSettings,
  accessToken: string,
  owner: string,
  items: readonly MediaToPublish[],
  media: MediaAccess,
): Promise<MediaUploads> {
  const uploaded: UploadedMedia[] = [];
  for (const item of items) {
    const { body, facts } = await media.open(item.id);
    try {
      const upload =
        facts.kind === 'image'
          ? await uploadImage(settings, accessToken, owner, await readAll(body), facts.mimeType)
          : await uploadVideo(settings, accessToken, owner, body, facts.sizeBytes);
      if (!upload.ok) return upload;
      uploaded.push({ id: upload.id, kind: facts.kind, altText: item.altText });
    } finally {
      body.destroy();
    }
  }
  return { ok: true, media: uploaded };
}

/**
 * Where a finalized video stands (`GET /rest/videos/{urn}`, one look): `ready` (AVAILABLE), not
 * yet (PROCESSING, or WAITING_UPLOAD while LinkedIn takes in the finalized parts), or the outcome
 * that ends or defers the wait: `rejected` for PROCESSING_FAILED, with LinkedIn's reason.
 */
export async function videoStatus(
  settings: LinkedInSettings,
  accessToken: string,
  video: string,
): Promise<{ readonly ok: true; readonly ready: boolean } | { readonly ok: false; readonly outcome: PublishOutcome }> {
  const url = `${settings.apiBaseUrl}/rest/videos/${encodeURIComponent(video)}`;
  const answer = await callWithToken(settings, { method: 'GET', url, headers: restHeaders(settings, accessToken, false) });
  const body = okJson(answer);
  if (body === null) return notUploaded(settings, answer);
  switch (body.status) {
    case 'AVAILABLE':
      return { ok: true, ready: true };
    case 'PROCESSING':
    case 'WAITING_UPLOAD':
      return { ok: true, ready: false };
    case 'PROCESSING_FAILED': {
      const why = typeof body.processingFailureReason === 'string' && body.processingFailureReason !== '' ? body.processingFailureReason : 'no reason given';
      return { ok: false, outcome: { kind: 'rejected', reason: `LinkedIn could not process the video: ${why}`, statusCode: 200 } };
    }
    default:
      return retryLater(typeof body.status === 'string' ? `LinkedIn reported the video as ${body.status}` : 'LinkedIn did not say how the video stands');
  }
}
