import { type Answer } from './kit/scriptedAnswers';
import { googleError } from './youtubeFakeAnswers';
import { type GoogleCall, userOf } from './youtubeFakeApi';
import { type FakeSession, type YouTubeFakeState } from './youtubeFakeState';

const UNIT = 256 * 1024;
const PRIVACY = ['public', 'private', 'unlisted'];

const badRequest = (reason: string, message: string): Answer => googleError(400, reason, message, 'youtube.video');

/** What videos.insert's documentation refuses of a video resource beyond its schema; null when it is fine. */
function metadataProblem(body: Record<string, unknown> | null): Answer | null {
  const snippet = body?.snippet as { title?: unknown; description?: unknown } | undefined;
  const status = body?.status as { privacyStatus?: unknown } | undefined;
  const title = snippet?.title;
  if (typeof title !== 'string' || title.length === 0) return badRequest('invalidTitle', 'The request metadata specifies an invalid or empty video title.');
  if ([...title].length > 100 || /[<>]/.test(title)) return badRequest('invalidTitle', 'The request metadata specifies an invalid video title.');
  const description = snippet?.description ?? '';
  if (typeof description !== 'string' || Buffer.byteLength(description) > 5000 || /[<>]/.test(description)) {
    return badRequest('invalidDescription', 'The request metadata specifies an invalid video description.');
  }
  if (!PRIVACY.includes(String(status?.privacyStatus))) return badRequest('invalidVideoMetadata', 'The request metadata is invalid.');
  return null;
}

/**
 * `youtube.videos.insert` on its upload path: the resumable session's start (`POST
 * …?uploadType=resumable`), then every `PUT` on the session URL that carries its bytes.
 */
export function videosInsert(call: GoogleCall) {
  if (!userOf(call)) return;
  if (call.request.method === 'PUT') return uploadChunk(call);
  if (call.url.searchParams.get('uploadType') !== 'resumable') return call.send(badRequest('badRequest', 'uploadType must be resumable'));
  const total = Number(call.request.headers['x-upload-content-length']);
  const contentType = String(call.request.headers['x-upload-content-type'] ?? '');
  const metadata = call.json();
  const problem = metadataProblem(metadata);
  if (problem) return call.send(problem);
  const uploadId = `AEnB2U${call.state.next()}`;
  const session: FakeSession = {
    uploadId,
    channelId: call.state.channels[0]!.id,
    metadata: metadata as FakeSession['metadata'],
    total,
    contentType,
    bytes: Buffer.alloc(0),
    videoId: null,
    expired: false,
  };
  call.state.sessions.set(uploadId, session);
  const location = `${call.baseUrl}/upload/youtube/v3/videos?uploadType=resumable&upload_id=${uploadId}&part=snippet,status`;
  call.send({ status: 200, headers: { Location: location, 'X-GUploader-UploadID': uploadId } });
}

function standing(call: GoogleCall, session: FakeSession): Answer {
  const video = call.state.videos.find((v) => v.id === session.videoId);
  if (video) {
    const snippet = { ...video.snippet, channelId: video.channelId, publishedAt: video.uploadedAt.toISOString() };
    return { status: 200, body: { kind: 'youtube#video', id: video.id, snippet, status: { ...video.status, uploadStatus: 'uploaded' } } };
  }
  return { status: 308, headers: session.bytes.length > 0 ? { Range: `bytes=0-${session.bytes.length - 1}` } : {} };
}

/**
 * `PUT` on the session: `Content-Range: bytes *\/{total}` asks where it stands; `bytes a-b/total`
 * carries the bytes from where the session stands, a multiple of 256 KiB unless it ends the file.
 * 308 with `Range` while incomplete; 200 with the video resource once the file is whole.
 */
function uploadChunk(call: GoogleCall) {
  const session = call.state.sessions.get(call.url.searchParams.get('upload_id') ?? '');
  if (!session || session.expired) return call.send(googleError(404, 'notFound', 'The upload session was not found or has expired.', 'global'));
  const range = /^bytes (?:\*|(\d+)-(\d+))\/(\d+)$/.exec(call.request.headers['content-range'] ?? '');
  if (!range || Number(range[3]) !== session.total) return call.send(badRequest('badRequest', 'Invalid Content-Range'));
  const body = call.request.body;
  if (range[1] === undefined) return call.send(body.length === 0 ? standing(call, session) : badRequest('badRequest', 'A status request has no body'));
  if (session.videoId !== null) return call.send(standing(call, session));
  const first = Number(range[1]);
  const last = Number(range[2]);
  if (first !== session.bytes.length) return call.send(badRequest('badRequest', `Expected bytes from ${session.bytes.length}, got ${first}`));
  if (body.length !== last - first + 1) return call.send(badRequest('badRequest', 'Content-Range does not match the body'));
  if (last + 1 < session.total && body.length % UNIT !== 0) return call.send(badRequest('badRequest', 'Chunks must be multiples of 256 KiB'));
  const partial = call.state.partialKeeps.findIndex((keep) => keep.when(call.request));
  const kept = partial >= 0 ? body.subarray(0, call.state.partialKeeps.splice(partial, 1)[0]!.bytes) : body;
  keepBytes(call.state, session, kept);
  call.send(standing(call, session));
}

/** Appends what arrived; the video exists once every byte has. */
function keepBytes(state: YouTubeFakeState, session: FakeSession, bytes: Buffer) {
  session.bytes = Buffer.concat([session.bytes, bytes]);
  if (session.bytes.length < session.total || session.videoId !== null) return;
  session.videoId = state.videoId();
  const { snippet, status } = session.metadata;
  state.videos.push({ id: session.videoId, channelId: session.channelId, snippet, status, bytes: session.bytes, uploadedAt: state.now() });
}
