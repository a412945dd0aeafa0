import { type Answer } from './kit/scriptedAnswers';
import { invalid, notFound } from './pinterestFakeAnswers';
import { ownerOf, type PinterestCall } from './pinterestFakeAccount';
import { type PinterestFakeState, type StoredPin } from './pinterestFakeState';

type FetchedImage = StoredPin['fetchedImages'][number];

const isImage = (bytes: Buffer): boolean =>
  bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) ||
  bytes.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff])) ||
  (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP');

/** Pinterest fetches each image link itself: it must answer 200 with an image. */
async function fetchImage(url: unknown): Promise<FetchedImage | Answer> {
  const refused = invalid(`Sorry, we could not fetch the image at ${String(url)}.`);
  if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return refused;
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(5_000) });
    const bytes = Buffer.from(await answer.arrayBuffer());
    const contentType = answer.headers.get('content-type') ?? '';
    return answer.status === 200 && contentType.startsWith('image/') && isImage(bytes) ? { url, contentType, bytes } : refused;
  } catch {
    return refused;
  }
}

/** What Pinterest refuses of a pin's media beyond its description (a video not ready, an image it cannot fetch); null when none. */
async function mediaProblem(state: PinterestFakeState, source: Record<string, unknown>, images: FetchedImage[]): Promise<Answer | null> {
  if (source.source_type === 'video_id') {
    const media = state.media.get(String(source.media_id));
    if (!media) return notFound('Media');
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
  for (const url of urls) {
    if (!state.fetchesImages) continue;
    const image = await fetchImage(url);
    if ('status' in image) return image;
    images.push(image);
  }
  return null;
}

/** `POST /v5/pins` (pins/create): a board of the account and a media source Pinterest can use. */
export async function createPin(call: PinterestCall) {
  if (!ownerOf(call)) return;
  const pin = call.json() ?? {};
  const { state } = call;
  if (!state.boards.some((b) => b.id === pin.board_id)) return call.send(notFound('Board'));
  const source = (pin.media_source ?? {}) as Record<string, unknown>;
  const images: FetchedImage[] = [];
  const problem = await mediaProblem(state, source, images);
  if (problem) return call.send(problem);
  const stored: StoredPin = { id: String(813_000_000_000 + state.next()), body: pin, createdAt: state.now(), fetchedImages: images };
  state.pins.push(stored);
  call.answer(201, described(stored, state.account.username));
}

/** The pin's media as the description's `PinMedia` has it: an image, a video, or a carousel's items. */
function mediaOf(source: Record<string, unknown>): Record<string, unknown> {
  const image = { '600x': { width: 600, height: 600, url: 'https://i.pinimg.com/600x/fake.jpg' } };
  if (source.source_type === 'video_id') return { media_type: 'video', cover_image_url: 'https://i.pinimg.com/videos/fake.jpg', duration: null };
  if (source.source_type === 'image_url') return { media_type: 'image', images: image };
  const items = (source.items as unknown[] | undefined) ?? [];
  return { media_type: 'multiple_images', items: items.map(() => ({ item_type: 'image', images: image })) };
}

/** A pin as the description's `Pin` has it. */
const described = (pin: StoredPin, username: string) => ({
  id: pin.id,
  created_at: pin.createdAt.toISOString(),
  board_id: pin.body.board_id,
  board_owner: { username },
  title: pin.body.title ?? '',
  description: pin.body.description ?? '',
  link: pin.body.link ?? null,
  alt_text: pin.body.alt_text ?? null,
  is_owner: true,
  media: mediaOf((pin.body.media_source ?? {}) as Record<string, unknown>),
});

/**
 * `GET /v5/pins` (pins/list): the account's pins, newest first, `page_size` at a time, the next
 * page named by `bookmark` (the scopes it needs are the description's to check).
 */
export function listPins(call: PinterestCall) {
  if (!ownerOf(call)) return;
  const { state } = call;
  const size = Number(call.url.searchParams.get('page_size') ?? '25');
  const start = Number(call.url.searchParams.get('bookmark')?.replace(/^pins-/, '') ?? '0');
  const newestFirst = [...state.pins].reverse();
  const items = newestFirst.slice(start, start + size).map((pin) => described(pin, state.account.username));
  call.answer(200, { items, bookmark: start + size < newestFirst.length ? `pins-${start + size}` : null });
}
