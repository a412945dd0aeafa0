import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { type ByteChunks } from './youTubeByteChunks';
import { failedCallOutcome } from './youTubeErrors';
import { bearer, callGoogle, type GoogleAnswer, JSON_BODY, parseJson } from './YouTubeHttp';
import { type YouTubeSettings } from './YouTubeOptions';

/** One resumable session: its URL (from `Location`), the file's size and type. */
export interface UploadSession {
  readonly url: string;
  readonly sizeBytes: number;
  readonly mimeType: string;
}

/**
 * Where a session stands: `complete` with the video resource; `incomplete` with the bytes
 * YouTube has; `expired` (404: start again, no video was made); `interrupted` (no clear answer:
 * ask again later); `failed` with the outcome.
 */
export type Standing =
  | { readonly kind: 'complete'; readonly videoId: string; readonly statusCode: number }
  | { readonly kind: 'incomplete'; readonly received: number }
  | { readonly kind: 'expired' }
  | { readonly kind: 'interrupted'; readonly reason: string }
  | { readonly kind: 'failed'; readonly outcome: PublishOutcome };

/** A chunk's deadline: the usual one plus a second per 128 KiB (a link of at least 1 Mbit/s). */
const chunkTimeoutMs = (settings: YouTubeSettings, length: number) => settings.timeoutMs + Math.ceil(length / (128 * 1024)) * 1000;

/** Bytes YouTube has from a 308's `Range: bytes=0-{last}`; none without one. */
function receivedFrom(headers: Headers): number {
  const last = /^bytes=0-(\d+)$/.exec(headers.get('range')?.trim() ?? '')?.[1];
  return last === undefined ? 0 : Number(last) + 1;
}

/** What an answer to a PUT on the session says (the protocol of docs/platforms.md). */
export function standingOf(answer: GoogleAnswer, now: Date): Standing {
  if (answer.kind !== 'answered') return { kind: 'interrupted', reason: answer.reason };
  const { status } = answer;
  if (status === 200 || status === 201) {
    const id = (parseJson(answer.text) as { id?: unknown } | null)?.id;
    if (typeof id === 'string') return { kind: 'complete', videoId: id, statusCode: status };
    return { kind: 'interrupted', reason: 'YouTube finished the upload without naming the video' };
  }
  if (status === 308) return { kind: 'incomplete', received: receivedFrom(answer.headers) };
  if (status === 404 || status === 410) return { kind: 'expired' };
  if (status >= 500) return { kind: 'interrupted', reason: `YouTube answered ${status} during the upload` };
  return { kind: 'failed', outcome: failedCallOutcome(answer, false, now) };
}

/**
 * `POST /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status` with the video
 * resource and the file's size and type: 200 with the session in `Location`. A session shows
 * nothing, so any failure here can be tried again.
 */
export async function startSession(
  settings: YouTubeSettings,
  accessToken: string,
  resource: object,
  file: { sizeBytes: number; mimeType: string },
): Promise<{ ok: true; session: UploadSession } | { ok: false; outcome: PublishOutcome }> {
  const answer = await callGoogle(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
    headers: { ...bearer(accessToken), ...JSON_BODY, 'X-Upload-Content-Length': String(file.sizeBytes), 'X-Upload-Content-Type': file.mimeType },
    body: JSON.stringify(resource),
  });
  if (answer.kind !== 'answered' || answer.status !== 200) return { ok: false, outcome: failedCallOutcome(answer, false, settings.now()) };
  const location = answer.headers.get('location');
  if (location === null || !isSessionOf(settings, location)) {
    return { ok: false, outcome: { kind: 'retryLater', afterSeconds: 60, reason: 'YouTube started an upload without a usable session URL', statusCode: 200 } };
  }
  return { ok: true, session: { url: location, ...file } };
}

/** A session URL is YouTube's own upload endpoint: bytes and the token go nowhere else. */
export function isSessionOf(settings: YouTubeSettings, url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.origin === new URL(settings.apiBaseUrl).origin && parsed.pathname === '/upload/youtube/v3/videos';
  } catch {
    return false;
  }
}

/** `PUT` with `Content-Range: bytes *\/{size}` and no body: how much of the file YouTube has. */
export async function askStanding(settings: YouTubeSettings, accessToken: string, session: UploadSession): Promise<Standing> {
  const headers = { ...bearer(accessToken), 'Content-Range': `bytes */${session.sizeBytes}` };
  return standingOf(await callGoogle(settings, { method: 'PUT', url: session.url, headers, body: '' }), settings.now());
}

/**
 * The file from `offset` on, a chunk per `PUT` (`Content-Range: bytes {first}-{last}/{size}`);
 * each 308 says from where to go on (YouTube may have kept less than was sent).
 */
export async function sendFrom(settings: YouTubeSettings, accessToken: string, session: UploadSession, chunks: ByteChunks, offset: number): Promise<Standing> {
  let next = offset;
  for (;;) {
    if (next >= session.sizeBytes) return { kind: 'interrupted', reason: 'YouTube has every byte but has not finished the upload' };
    if (!chunks.reaches(next)) return { kind: 'interrupted', reason: `YouTube has fewer bytes (${next}) than it confirmed before` };
    const length = Math.min(settings.chunkBytes, session.sizeBytes - next);
    const bytes = await chunks.at(next, length);
    if (bytes.length < length) {
      return { kind: 'failed', outcome: { kind: 'rejected', reason: 'the video in the library is shorter than its recorded size' } };
    }
    const headers = { ...bearer(accessToken), 'Content-Type': session.mimeType, 'Content-Range': `bytes ${next}-${next + length - 1}/${session.sizeBytes}` };
    const standing = standingOf(
      await callGoogle(settings, { method: 'PUT', url: session.url, headers, body: bytes, timeoutMs: chunkTimeoutMs(settings, length) }),
      settings.now(),
    );
    if (standing.kind !== 'incomplete') return standing;
    if (standing.received <= next) return { kind: 'interrupted', reason: `YouTube kept none of the bytes from ${next}` };
    next = standing.received;
  }
}
