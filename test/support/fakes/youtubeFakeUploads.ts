import { type ServerResponse } from 'node:http';
import { sendGoogleError, sendJson } from './youtubeFakeAnswers';
import { bearer, type FakeRequest, json } from './youtubeFakeApi';
import { type FakeSession, SCOPE, type YouTubeFakeState } from './youtubeFakeState';

const UNIT = 256 * 1024;
const UPLOADS = [SCOPE.upload, SCOPE.forceSsl];
const PRIVACY = ['public', 'private', 'unlisted'];

const badRequest = (response: ServerResponse, reason: string, message: string) => sendGoogleError(response, 400, reason, message, 'youtube.video');

/** What the video resource of a session breaks, as videos.insert words it; null when it is fine. */
function metadataProblem(body: Record<string, unknown> | null): [string, string] | null {
  const snippet = body?.snippet as { title?: unknown; description?: unknown } | undefined;
  const status = body?.status as { privacyStatus?: unknown; selfDeclaredMadeForKids?: unknown } | undefined;
  const title = snippet?.title;
  if (typeof title !== 'string' || title.length === 0) return ['invalidTitle', 'The request metadata specifies an invalid or empty video title.'];
  if ([...title].length > 100 || /[<>]/.test(title)) return ['invalidTitle', 'The request metadata specifies an invalid video title.'];
  const description = snippet?.description ?? '';
  if (typeof description !== 'string' || Buffer.byteLength(description) > 5000 || /[<>]/.test(description)) {
    return ['invalidDescription', 'The request metadata specifies an invalid video description.'];
  }
  if (!PRIVACY.includes(String(status?.privacyStatus))) return ['invalidVideoMetadata', 'The request metadata is invalid.'];
  if (status?.selfDeclaredMadeForKids !== undefined && typeof status.selfDeclaredMadeForKids !== 'boolean') {
    return ['invalidVideoMetadata', 'The request metadata is invalid.'];
  }
  return null;
}

/** `POST /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`: 200 with the session in `Location`. */
export function startSession(state: YouTubeFakeState, { message, url, body, base }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response, UPLOADS)) return;
  if (url.searchParams.get('uploadType') !== 'resumable') return badRequest(response, 'badRequest', 'uploadType must be resumable');
  if (url.searchParams.get('part') !== 'snippet,status') return sendGoogleError(response, 400, 'invalidPart', 'Unknown part', 'youtube.parameter');
  if (!message.headers['content-type']?.startsWith('application/json')) return badRequest(response, 'badContent', 'Metadata must be JSON');
  const total = Number(message.headers['x-upload-content-length']);
  if (!Number.isInteger(total) || total <= 0) return badRequest(response, 'badRequest', 'X-Upload-Content-Length is required');
  const contentType = String(message.headers['x-upload-content-type'] ?? '');
  if (!contentType.startsWith('video/') && contentType !== 'application/octet-stream') return badRequest(response, 'invalidFilename', 'Not a video type');
  const metadata = json(body);
  const problem = metadataProblem(metadata);
  if (problem) return badRequest(response, problem[0], problem[1]);
  const uploadId = `AEnB2U${state.next()}`;
  const channelId = state.channels[0].id;
  const session: FakeSession = {
    uploadId,
    channelId,
    metadata: metadata as FakeSession['metadata'],
    total,
    contentType,
    bytes: Buffer.alloc(0),
    videoId: null,
    expired: false,
  };
  state.sessions.set(uploadId, session);
  const location = `${base}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${uploadId}&part=snippet,status`;
  response.writeHead(200, { Location: location, 'X-GUploader-UploadID': uploadId, 'Content-Length': '0' }).end();
}

/** The session a `PUT` names by `upload_id`, or null after answering 404. */
export function sessionOf(state: YouTubeFakeState, url: URL, response: ServerResponse): FakeSession | null {
  const session = state.sessions.get(url.searchParams.get('upload_id') ?? '');
  if (session && !session.expired) return session;
  sendGoogleError(response, 404, 'notFound', 'The upload session was not found or has expired.', 'global');
  return null;
}

function answerStanding(state: YouTubeFakeState, session: FakeSession, response: ServerResponse) {
  const video = state.videos.find((v) => v.id === session.videoId);
  if (video) {
    sendJson(response, 200, {
      kind: 'youtube#video',
      id: video.id,
      snippet: { ...video.snippet, channelId: video.channelId },
      status: { ...video.status, uploadStatus: 'uploaded' },
    });
    return;
  }
  const range = session.bytes.length > 0 ? { Range: `bytes=0-${session.bytes.length - 1}` } : {};
  response.writeHead(308, { ...range, 'Content-Length': '0' }).end();
}

/**
 * `PUT` on the session: `Content-Range: bytes *\/{total}` asks where it stands; `bytes a-b/total`
 * carries the bytes from where the session stands, a multiple of 256 KiB unless it ends the file.
 * 308 with `Range` while incomplete; 200 with the video resource once the file is whole.
 */
export function uploadChunk(state: YouTubeFakeState, { message, url, body }: FakeRequest, response: ServerResponse) {
  if (!bearer(state, message, response, UPLOADS)) return;
  const session = sessionOf(state, url, response);
  if (!session) return;
  const range = /^bytes (?:\*|(\d+)-(\d+))\/(\d+)$/.exec(message.headers['content-range'] ?? '');
  if (!range || Number(range[3]) !== session.total) return badRequest(response, 'badRequest', 'Invalid Content-Range');
  if (range[1] === undefined)
    return body.length === 0 ? answerStanding(state, session, response) : badRequest(response, 'badRequest', 'A status request has no body');
  if (session.videoId !== null) return answerStanding(state, session, response);
  const first = Number(range[1]);
  const last = Number(range[2]);
  if (first !== session.bytes.length) return badRequest(response, 'badRequest', `Expected bytes from ${session.bytes.length}, got ${first}`);
  if (body.length !== last - first + 1) return badRequest(response, 'badRequest', 'Content-Range does not match the body');
  if (last + 1 < session.total && body.length % UNIT !== 0) return badRequest(response, 'badRequest', 'Chunks must be multiples of 256 KiB');
  keepBytes(state, session, body);
  answerStanding(state, session, response);
}

/** Appends what arrived; the video exists once every byte has. */
export function keepBytes(state: YouTubeFakeState, session: FakeSession, bytes: Buffer) {
  session.bytes = Buffer.concat([session.bytes, bytes]);
  if (session.bytes.length < session.total || session.videoId !== null) return;
  session.videoId = state.videoId();
  const { snippet, status } = session.metadata;
  state.videos.push({ id: session.videoId, channelId: session.channelId, snippet, status, bytes: session.bytes });
}
