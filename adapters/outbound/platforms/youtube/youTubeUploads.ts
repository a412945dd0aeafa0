import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { ByteRanges } from '../kit/byteRanges';
import { bearer, bearerJson, deadlineFor, type PlatformAnswer, parseJson } from '../kit/http';
import { failedCall, RETRY_SECONDS } from '../kit/outcomes';
import { callYouTube, YOUTUBE_ERRORS, type YouTubeSettings } from './youTubeApi';

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

/**
 * A video's stream read a chunk at a time from an offset, at most a chunk in memory. The last
 * chunk handed out is held, as YouTube may keep only part of it and the rest is sent again;
 * bytes before it are gone, and bytes YouTube already has are read past a chunk at a time.
 */
export class VideoChunks {
  private readonly ranges: ByteRanges;
  private held = Buffer.alloc(0);
  /** The offset in the file of `held`'s first byte. */
  private heldAt = 0;

  constructor(
    body: AsyncIterable<Buffer | string>,
    private readonly chunkBytes: number,
  ) {
    this.ranges = new ByteRanges(body);
  }

  /** Whether bytes from `offset` on can still be read. */
  reaches(offset: number): boolean {
    return offset >= this.heldAt;
  }

  /** Up to `length` bytes starting at `offset` (fewer only where the stream ends). */
  async at(offset: number, length: number): Promise<Buffer> {
    if (!this.reaches(offset)) throw new Error(`bytes before ${this.heldAt} are gone (asked for ${offset})`);
    let end = this.heldAt + this.held.length;
    while (end < offset) {
      const skipped = await this.ranges.next(Math.min(this.chunkBytes, offset - end));
      if (skipped.length === 0) break;
      end += skipped.length;
    }
    const kept = offset < this.heldAt + this.held.length ? this.held.subarray(offset - this.heldAt) : Buffer.alloc(0);
    const more = kept.length < length ? await this.ranges.next(length - kept.length) : Buffer.alloc(0);
    this.held = Buffer.concat([kept, more]);
    this.heldAt = offset;
    return this.held.subarray(0, length);
  }
}

/** Bytes YouTube has from a 308's `Range: bytes=0-{last}`; none without one. */
function receivedFrom(headers: Headers): number {
  const last = /^bytes=0-(\d+)$/.exec(headers.get('range')?.trim() ?? '')?.[1];
  return last === undefined ? 0 : Number(last) + 1;
}

/** What an answer to a PUT on the session says (Google's resumable upload protocol). A session shows nothing, so a failure is never unknown. */
export function standingOf(answer: PlatformAnswer, now: Date): Standing {
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
  return { kind: 'failed', outcome: failedCall(answer, 'preparing', YOUTUBE_ERRORS, now) };
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
  const answer = await callYouTube(settings, {
    method: 'POST',
    url: `${settings.apiBaseUrl}/upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`,
    headers: { ...bearerJson(accessToken), 'X-Upload-Content-Length': String(file.sizeBytes), 'X-Upload-Content-Type': file.mimeType },
    body: JSON.stringify(resource),
  });
  if (answer.kind !== 'answered' || answer.status !== 200) return { ok: false, outcome: failedCall(answer, 'preparing', YOUTUBE_ERRORS, settings.now()) };
  const location = answer.headers.get('location');
  if (location === null || !isSessionOf(settings, location)) {
    return {
      ok: false,
      outcome: { kind: 'retryLater', afterSeconds: RETRY_SECONDS, reason: 'YouTube started an upload without a usable session URL', statusCode: 200 },
    };
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
  return standingOf(await callYouTube(settings, { method: 'PUT', url: session.url, headers, body: '' }), settings.now());
}

/**
 * The file from `offset` on, a chunk per `PUT` (`Content-Range: bytes {first}-{last}/{size}`);
 * each 308 says from where to go on (YouTube may have kept less than was sent).
 */
export async function sendFrom(settings: YouTubeSettings, accessToken: string, session: UploadSession, chunks: VideoChunks, offset: number): Promise<Standing> {
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
    const answer = await callYouTube(settings, { method: 'PUT', url: session.url, headers, body: bytes, timeoutMs: deadlineFor(settings, length) });
    const standing = standingOf(answer, settings.now());
    if (standing.kind !== 'incomplete') return standing;
    if (standing.received <= next) return { kind: 'interrupted', reason: `YouTube kept none of the bytes from ${next}` };
    next = standing.received;
  }
}
