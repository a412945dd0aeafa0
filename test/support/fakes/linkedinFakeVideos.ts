import { linkedInError, memberOf, notFoundAnswer, unprocessable } from './linkedinFakeAnswers';
import { type LinkedInCall } from './linkedinFakeRest';

/** `POST /rest/videos?action=initializeUpload` and `?action=finalizeUpload`. */
export function videoAction(call: LinkedInCall) {
  if (!memberOf(call)) return;
  const action = call.url.searchParams.get('action');
  if (action === 'initializeUpload') return initialize(call);
  if (action === 'finalizeUpload') return finalize(call);
  call.send(linkedInError(400, 'ILLEGAL_ARGUMENT', `Unknown action ${action}`));
}

function initialize(call: LinkedInCall) {
  const { state } = call;
  const request = call.json()?.initializeUploadRequest as { owner?: unknown; fileSizeBytes?: unknown } | undefined;
  if (typeof request?.owner !== 'string') return call.send(unprocessable('/initializeUploadRequest/owner :: field is required'));
  const size = request.fileSizeBytes;
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0)
    return call.send(unprocessable('/initializeUploadRequest/fileSizeBytes :: field is required'));
  const n = state.next();
  const urn = `urn:li:video:C5F10AQ${n}`;
  const parts = [];
  for (let first = 0, i = 0; first < size; first += state.videoPartBytes, i += 1) {
    const last = Math.min(size, first + state.videoPartBytes) - 1;
    parts.push({ path: `/dms-uploads/video/${n}/${i}`, length: last - first + 1, bytes: null, etag: null, firstByte: first, lastByte: last });
  }
  state.videos.set(urn, {
    urn,
    owner: request.owner,
    size,
    uploadToken: `token-${n}`,
    parts,
    status: 'WAITING_UPLOAD',
    finalizedWith: null,
    processingLooksLeft: 0,
    failureReason: null,
  });
  call.answer(200, {
    value: {
      uploadUrlsExpireAt: state.now().getTime() + 3_600_000,
      video: urn,
      uploadInstructions: parts.map((p) => ({ uploadUrl: `${call.baseUrl}${p.path}`, firstByte: p.firstByte, lastByte: p.lastByte })),
      uploadToken: `token-${n}`,
    },
  });
}

function finalize(call: LinkedInCall) {
  const { state } = call;
  const request = call.json()?.finalizeUploadRequest as { video?: unknown; uploadToken?: unknown; uploadedPartIds?: unknown } | undefined;
  const video = typeof request?.video === 'string' ? state.videos.get(request.video) : undefined;
  if (!video) return call.send(unprocessable('/finalizeUploadRequest/video :: unknown video'));
  if (request?.uploadToken !== video.uploadToken) return call.send(unprocessable('/finalizeUploadRequest/uploadToken :: does not match'));
  const expected = video.parts.map((p) => p.etag);
  if (JSON.stringify(request.uploadedPartIds) !== JSON.stringify(expected)) return call.send(unprocessable('uploadedPartIds do not match the uploaded parts'));
  video.status = 'PROCESSING';
  video.finalizedWith = expected as string[];
  video.processingLooksLeft = state.videoProcessingLooks;
  video.failureReason = state.videoFailureReason;
  call.send({ status: 200 });
}

/** A part PUT to its pre-signed URL: LinkedIn answers with the part's ETag. */
export function uploadVideoPart(call: LinkedInCall) {
  const { state } = call;
  const { path, headers, body } = call.request;
  const part = [...state.videos.values()].flatMap((v) => v.parts).find((p) => p.path === path);
  if (!part) return call.send(notFoundAnswer('Upload URL not found'));
  if (headers['content-type'] !== 'application/octet-stream')
    return call.send(linkedInError(400, 'BAD_REQUEST', 'Content-Type must be application/octet-stream'));
  if (body.length !== part.length) return call.send(linkedInError(400, 'BAD_REQUEST', `Part must be ${part.length} bytes, got ${body.length}`));
  part.bytes = body;
  part.etag = `/ambry-video/signedId/${state.next()}`;
  call.send({ status: 200, headers: { ETag: part.etag } });
}

/**
 * `GET /rest/videos/{urn}`: PROCESSING for the first `videoProcessingLooks` looks after
 * finalizing, then AVAILABLE, or PROCESSING_FAILED with its `processingFailureReason`.
 */
export function videoStatus(call: LinkedInCall) {
  if (!memberOf(call)) return;
  const { state } = call;
  const video = state.videos.get(decodeURIComponent(call.url.pathname.slice('/rest/videos/'.length)));
  if (!video) return call.send(notFoundAnswer('Video not found'));
  if (video.status === 'PROCESSING') {
    if (video.processingLooksLeft > 0) video.processingLooksLeft -= 1;
    else video.status = video.failureReason === null ? 'AVAILABLE' : 'PROCESSING_FAILED';
  }
  const failure = video.status === 'PROCESSING_FAILED' ? { processingFailureReason: video.failureReason } : {};
  call.answer(200, { id: video.urn, owner: video.owner, status: video.status, ...failure });
}
