import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { ByteRanges } from '../kit/byteRanges';
import { callLinkedIn, callWithToken, parseJson, restHeaders } from './LinkedInHttp';
import { type MediaUpload } from './linkedInMediaUpload';
import { type LinkedInSettings } from './LinkedInOptions';
import { failedCallOutcome } from './linkedInOutcomes';

interface UploadInstruction {
  readonly uploadUrl: string;
  readonly firstByte: number;
  readonly lastByte: number;
}

interface InitializeAnswer {
  value?: { video?: unknown; uploadToken?: unknown; uploadInstructions?: UploadInstruction[] };
}

const retryLater = (reason: string): { readonly ok: false; readonly outcome: PublishOutcome } => ({
  ok: false,
  outcome: { kind: 'retryLater', afterSeconds: 60, reason },
});

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
export async function uploadVideo(
  settings: LinkedInSettings,
  accessToken: string,
  owner: string,
  body: AsyncIterable<Buffer | string>,
  sizeBytes: number,
): Promise<MediaUpload> {
  const rest = (action: string, request: object) =>
    callWithToken(settings, {
      method: 'POST',
      url: `${settings.apiBaseUrl}/rest/videos?action=${action}`,
      headers: restHeaders(settings, accessToken, true),
      body: JSON.stringify(request),
    });
  const initialize = await rest('initializeUpload', {
    initializeUploadRequest: { owner, fileSizeBytes: sizeBytes, uploadCaptions: false, uploadThumbnail: false },
  });
  if (initialize.kind !== 'answered' || initialize.status !== 200) return { ok: false, outcome: failedCallOutcome(initialize, 'preparing') };
  const value = (parseJson(initialize.text) as InitializeAnswer | null)?.value;
  const parts = value?.uploadInstructions ?? [];
  if (typeof value?.video !== 'string' || !coversFile(parts, sizeBytes)) return retryLater('LinkedIn gave no usable upload parts for a video');

  const ranges = new ByteRanges(body);
  const etags: string[] = [];
  for (const part of parts) {
    const bytes = await ranges.next(part.lastByte - part.firstByte + 1);
    const headers = { 'Content-Type': 'application/octet-stream' };
    const put = await callLinkedIn(settings, { method: 'PUT', url: part.uploadUrl, headers, body: bytes });
    if (put.kind !== 'answered' || put.status < 200 || put.status > 299) return { ok: false, outcome: failedCallOutcome(put, 'preparing') };
    const etag = put.headers.get('etag');
    if (!etag) return retryLater('LinkedIn did not confirm a part of a video (no ETag)');
    etags.push(etag);
  }
  const uploadToken = typeof value.uploadToken === 'string' ? value.uploadToken : '';
  const finalize = await rest('finalizeUpload', { finalizeUploadRequest: { video: value.video, uploadToken, uploadedPartIds: etags } });
  if (finalize.kind !== 'answered' || finalize.status !== 200) return { ok: false, outcome: failedCallOutcome(finalize, 'preparing') };
  return { ok: true, id: value.video };
}

/**
 * Where a finalized video stands: `ready` (AVAILABLE), `processing` (PROCESSING, or
 * WAITING_UPLOAD while LinkedIn takes in the finalized parts), or the outcome that ends or
 * defers the wait: `rejected` for PROCESSING_FAILED, with LinkedIn's reason.
 */
export type VideoState = { readonly ok: true; readonly ready: boolean } | { readonly ok: false; readonly outcome: PublishOutcome };

/** One look at a video: `GET /rest/videos/{urn}`. */
export async function videoStatus(settings: LinkedInSettings, accessToken: string, video: string): Promise<VideoState> {
  const url = `${settings.apiBaseUrl}/rest/videos/${encodeURIComponent(video)}`;
  const answer = await callWithToken(settings, { method: 'GET', url, headers: restHeaders(settings, accessToken, false) });
  if (answer.kind !== 'answered' || answer.status !== 200) return { ok: false, outcome: failedCallOutcome(answer, 'preparing') };
  const { status, processingFailureReason } = (parseJson(answer.text) ?? {}) as { status?: unknown; processingFailureReason?: unknown };
  switch (status) {
    case 'AVAILABLE':
      return { ok: true, ready: true };
    case 'PROCESSING':
    case 'WAITING_UPLOAD':
      return { ok: true, ready: false };
    case 'PROCESSING_FAILED': {
      const why = typeof processingFailureReason === 'string' && processingFailureReason !== '' ? processingFailureReason : 'no reason given';
      return { ok: false, outcome: { kind: 'rejected', reason: `LinkedIn could not process the video: ${why}`, statusCode: 200 } };
    }
    default:
      return retryLater(typeof status === 'string' ? `LinkedIn reported the video as ${status}` : 'LinkedIn did not say how the video stands');
  }
}
