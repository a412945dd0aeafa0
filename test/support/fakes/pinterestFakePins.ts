import { type ServerResponse } from 'node:http';
import { type PinterestError, sendError, sendJson } from './pinterestFakeAnswers';
import { type FakeRequest, json, scoped } from './pinterestFakeRest';
import { type PinterestFakeState, type StoredPin } from './pinterestFakeState';

const invalid = (message: string): PinterestError => ({ status: 400, code: 1, message: `Invalid request: ${message}` });

const isImage = (bytes: Buffer): boolean =>
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) ||
  (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP');

/** Pinterest fetches each image link itself: it must answer 200 with an image. */
async function fetchImage(url: unknown): Promise<StoredPin['fetchedImages'][number] | PinterestError> {
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return invalid(`"${String(url)}" is not an image URL`);
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    const bytes = Buffer.from(await answer.arrayBuffer());
    const contentType = answer.headers.get('content-type') ?? '';
    if (answer.status !== 200 || !contentType.startsWith('image/') || !isImage(bytes)) return invalid(`Sorry, we could not fetch the image at ${url}.`);
    return { url, contentType, bytes };
  } catch {
    return invalid(`Sorry, we could not fetch the image at ${url}.`);
  }
}

async function mediaProblem(state: PinterestFakeState, source: Record<string, unknown>, images: StoredPin['fetchedImages']): Promise<PinterestError | null> {
  if (source.source_type === 'video_id') {
    const media = state.media.get(String(source.media_id));
    if (!media) return { status: 404, code: 404, message: 'Media not found.' };
    if (media.status !== 'succeeded') return invalid(`media ${media.mediaId} is ${media.status}`);
    const cover = source.cover_image_url ?? source.cover_image_key_frame_time ?? source.cover_image_data;
    return cover === undefined ? invalid('a video pin needs a cover image (cover_image_url or cover_image_key_frame_time)') : null;
  }
  const urls =
    source.source_type === 'image_url'
      ? [source.url]
      : source.source_type === 'multiple_image_urls'
        ? ((source.items as Array<{ url?: unknown }> | undefined) ?? []).map((i) => i?.url)
        : null;
  if (urls === null) return invalid(`media_source.source_type "${String(source.source_type)}" is not supported here`);
  if (source.source_type === 'multiple_image_urls' && (urls.length < 2 || urls.length > 5)) return invalid('multiple_image_urls takes 2 to 5 items');
  for (const url of urls) {
    const image = await fetchImage(url);
    if ('status' in image) return image;
    images.push(image);
  }
  return null;
}

/** `POST /v5/pins`: a board of the account, a media source, text fields within Pinterest's limits. */
export async function createPin(state: PinterestFakeState, { message, body }: FakeRequest, response: ServerResponse) {
  if (!scoped(state, message, response, 'pins:write')) return;
  const pin = json(message, body);
  if (pin === null) return sendError(response, invalid('the body must be JSON (Content-Type: application/json)'));
  if (!state.boards.some((b) => b.id === pin.board_id)) return sendError(response, { status: 404, code: 404, message: 'Board not found.' });
  for (const [field, limit] of [
    ['title', 100],
    ['description', 800],
    ['alt_text', 500],
    ['link', 2048],
  ] as const) {
    const value = pin[field];
    if (value !== undefined && (typeof value !== 'string' || [...value].length > limit))
      return sendError(response, invalid(`${field} must be a string of at most ${limit} characters`));
  }
  const source = pin.media_source as Record<string, unknown> | undefined;
  if (!source || typeof source !== 'object') return sendError(response, invalid('media_source is required'));
  const images: StoredPin['fetchedImages'] = [];
  const problem = await mediaProblem(state, source, images);
  if (problem) return sendError(response, problem);
  const id = String(813_000_000_000 + state.next());
  state.pins.push({ id, body: pin, fetchedImages: images });
  sendJson(response, 201, {
    id,
    created_at: new Date().toISOString(),
    board_id: pin.board_id,
    title: pin.title ?? '',
    description: pin.description ?? '',
    link: pin.link ?? null,
  });
}
