import { type ServerResponse } from 'node:http';
import { sendError, sendJson } from './linkedinFakeAnswers';
import { bearer, type FakeRequest, json, restHeadersOk } from './linkedinFakeRest';
import { type LinkedInFakeState } from './linkedinFakeState';

const unprocessable = (response: ServerResponse, message: string) => sendError(response, { status: 422, code: 'UNPROCESSABLE_ENTITY', message });

/** `POST /rest/videos?action=initializeUpload` and `?action=finalizeUpload`. */
export function videoAction(state: LinkedInFakeState, request: FakeRequest, response: ServerResponse) {
  const { message, url } = request;
  if (!bearer(state, message, response) || !restHeadersOk(message, response, true)) return;
  const action = url.searchParams.get('action');
  if (action === 'initializeUpload') return initialize(state, request, response);
  if (action === 'finalizeUpload') return finalize(state, request, response);
  sendError(response, { status: 400, code: 'ILLEGAL_ARGUMENT', message: `Unknown action ${action}` });
}

function initialize(state: LinkedInFakeState, { body, base }: FakeRequest, response: ServerResponse) {
  const request = json(body)?.initializeUploadRequest as { owner?: unknown; fileSizeBytes?: unknown } | undefined;
  if (typeof request?.owner !== 'string') return unprocessable(response, '/initializeUploadRequest/owner :: field is required');
  const size = request.fileSizeBytes;
  if (typeof size !== 'number' || !Number.isInteger(size) || size <= 0)
    return unprocessable(response, '/initializeUploadRequest/fileSizeBytes :: field is required');
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
  sendJson(response, 200, {
    value: {
      uploadUrlsExpireAt: Date.now() + 3_600_000,
      video: urn,
      uploadInstructions: parts.map((p) => ({ uploadUrl: `${base}${p.path}`, firstByte: p.firstByte, lastByte: p.lastByte })),
      uploadToken: `token-${n}`,
    },
  });
}

function finalize(state: LinkedInFakeState, { body }: FakeRequest, response: ServerResponse) {
  const request = json(body)?.finalizeUploadRequest as { video?: unknown; uploadToken?: unknown; uploadedPartIds?: unknown } | undefined;
  const video = typeof request?.video === 'string' ? state.videos.get(request.video) : undefined;
  if (!video) return unprocessable(response, '/finalizeUploadRequest/video :: unknown video');
  if (request?.uploadToken !== video.uploadToken) return unprocessable(response, '/finalizeUploadRequest/uploadToken :: does not match');
  const expected = video.parts.map((p) => p.etag);
  if (JSON.stringify(request.uploadedPartIds) !== JSON.stringify(expected)) return unprocessable(response, 'uploadedPartIds do not match the uploaded parts');
  video.status = 'PROCESSING';
  video.finalizedWith = expected as string[];
  video.processingLooksLeft = state.videoProcessingLooks;
  video.failureReason = state.videoFailureReason;
  response.writeHead(200).end();
}

/** A part PUT to its pre-signed URL: LinkedIn answers with the part's ETag. */
export function uploadVideoPart(state: LinkedInFakeState, { message, url, body }: FakeRequest, response: ServerResponse) {
  const video = [...state.videos.values()].find((v) => v.parts.some((p) => p.path === url.pathname));
  const part = video?.parts.find((p) => p.path === url.pathname);
  if (!video || !part) return sendError(response, { status: 404, code: 'NOT_FOUND', message: 'Upload URL not found' });
  if (message.headers['content-type'] !== 'application/octet-stream')
    return sendError(response, { status: 400, code: 'BAD_REQUEST', message: 'Content-Type must be application/octet-stream' });
  if (body.length !== part.length)
    return sendError(response, { status: 400, code: 'BAD_REQUEST', message: `Part must be ${part.length} bytes, got ${body.length}` });
  part.bytes = body;
  part.etag = `/ambry-video/signedId/${state.next()}`;
  response.writeHead(200, { ETag: part.etag }).end();
}

/**
 * `GET /rest/videos/{urn}`: PROCESSING for the first `videoProcessingLooks` looks after
 * finalizing, then AVAILABLE, or PROCESSING_FAILED with its `processingFailureReason`.
 */
export function videoStatus(state: LinkedInFakeState, { message, url }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response) || !restHeadersOk(message, response, false)) return;
  const video = state.videos.get(decodeURIComponent(url.pathname.slice('/rest/videos/'.length)));
  if (!video) return sendError(response, { status: 404, code: 'NOT_FOUND', message: 'Video not found' });
  if (video.status === 'PROCESSING') {
    if (video.processingLooksLeft > 0) video.processingLooksLeft -= 1;
    else video.status = video.failureReason === null ? 'AVAILABLE' : 'PROCESSING_FAILED';
  }
  const failure = video.status === 'PROCESSING_FAILED' ? { processingFailureReason: video.failureReason } : {};
  sendJson(response, 200, { id: video.urn, owner: video.owner, status: video.status, ...failure });
}
