import { partNamed } from './kit/multipartForm';
import { invalidRequest, mediaNotFound } from './twitterFakeAnswers';
import { type StoredMedia, type TwitterFakeState } from './twitterFakeState';
import { userOf, type XCall } from './twitterFakeTweets';

const IMAGE_TYPES = ['image/jpeg', 'image/bmp', 'image/png', 'image/webp', 'image/pjpeg', 'image/tiff'];
const CHUNKED_CATEGORIES = ['tweet_video', 'tweet_gif', 'amplify_video'];

/**
 * The upload's status: `processing_info` only while or after processing. X's documentation
 * adds an `error` to a failed `processing_info`; its description allows no property beyond
 * `state`, `check_after_secs` and `progress_percent`, so the fake gives none.
 */
function statusBody(media: StoredMedia, state: TwitterFakeState) {
  const processing =
    media.state === 'pending' || media.state === 'in_progress'
      ? { processing_info: { state: media.state, check_after_secs: state.checkAfterSecs, progress_percent: media.state === 'pending' ? 0 : 50 } }
      : media.state === 'failed'
        ? { processing_info: { state: 'failed', progress_percent: 12 } }
        : media.state === 'succeeded' && media.category !== 'tweet_image'
          ? { processing_info: { state: 'succeeded', progress_percent: 100 } }
          : {};
  return { data: { id: media.id, media_key: `7_${media.id}`, size: media.totalBytes, expires_after_secs: 86_400, ...processing } };
}

const store = (state: TwitterFakeState, fields: Omit<StoredMedia, 'id' | 'segments' | 'looksUntilReady'>): StoredMedia => {
  const media: StoredMedia = { id: state.nextId(), segments: new Map(), looksUntilReady: state.processingLooks, ...fields };
  state.media.set(media.id, media);
  return media;
};

/** `POST /2/media/upload` (mediaUpload, multipart): a whole image in one request, `media_category=tweet_image`, its type the file part's. */
export function uploadSimple(call: XCall) {
  if (!userOf(call)) return;
  const parts = call.parts();
  const file = partNamed(parts, 'media');
  if (!file) return call.send(invalidRequest('media is required (multipart/form-data)'));
  if (partNamed(parts, 'media_category')?.value.toString() !== 'tweet_image') return call.send(invalidRequest('media_category must be tweet_image'));
  const mediaType = file.contentType ?? '';
  if (!IMAGE_TYPES.includes(mediaType)) return call.send(invalidRequest(`media of type ${mediaType} is not an image X takes here`));
  const media = store(call.state, { category: 'tweet_image', mediaType, totalBytes: file.value.length, bytes: file.value, state: 'succeeded' });
  call.answer(200, statusBody(media, call.state));
}

/** `POST /2/media/upload/initialize` (initializeMediaUpload, JSON): a chunked upload's type, size and category. */
export function initializeUpload(call: XCall) {
  if (!userOf(call)) return;
  const { media_type: mediaType, total_bytes: totalBytes, media_category: category } = call.json() ?? {};
  if (typeof mediaType !== 'string' || typeof category !== 'string' || !CHUNKED_CATEGORIES.includes(category)) {
    return call.send(invalidRequest('media_type and a chunked media_category are required'));
  }
  if (typeof totalBytes !== 'number' || totalBytes <= 0) return call.send(invalidRequest('total_bytes is required'));
  const media = store(call.state, { category, mediaType, totalBytes, bytes: null, state: 'uploading' });
  call.answer(200, { data: { id: media.id, media_key: `7_${media.id}`, expires_after_secs: 86_400 } });
}

function uploading(call: XCall): StoredMedia | null {
  const media = call.state.media.get(call.url.pathname.split('/')[4] ?? '');
  if (media?.state === 'uploading') return media;
  call.send(invalidRequest('no upload in progress with this media id'));
  return null;
}

/** `POST /2/media/upload/{id}/append` (appendMediaUpload, multipart): `segment_index` and the chunk as `media`. */
export function appendUpload(call: XCall) {
  if (!userOf(call)) return;
  const media = uploading(call);
  if (!media) return;
  const parts = call.parts();
  const index = Number(partNamed(parts, 'segment_index')?.value.toString());
  const chunk = partNamed(parts, 'media');
  if (!Number.isInteger(index) || !chunk) return call.send(invalidRequest('segment_index and media are required'));
  media.segments.set(index, chunk.value);
  call.answer(200, { data: { expires_at: Math.floor(Date.now() / 1000) + 86_400 } });
}

/** `POST /2/media/upload/{id}/finalize` (finalizeMediaUpload): the chunks in order must add up to total_bytes; videos then process. */
export function finalizeUpload(call: XCall) {
  if (!userOf(call)) return;
  const media = uploading(call);
  if (!media) return;
  const indexes = [...media.segments.keys()].sort((a, b) => a - b);
  const bytes = Buffer.concat(indexes.map((i) => media.segments.get(i) as Buffer));
  if (indexes.some((n, i) => n !== i) || bytes.length !== media.totalBytes) {
    return call.send(invalidRequest(`File size mismatch: got ${bytes.length} bytes, expected ${media.totalBytes}`));
  }
  media.bytes = bytes;
  media.state = media.looksUntilReady > 0 ? 'pending' : 'succeeded';
  call.answer(200, statusBody(media, call.state));
}

/** `GET /2/media/upload?command=STATUS&media_id=…` (getMediaUploadStatus): in progress for `processingLooks` looks, then succeeded. */
export function uploadStatus(call: XCall) {
  if (!userOf(call)) return;
  const id = call.url.searchParams.get('media_id') ?? '';
  const media = call.state.media.get(id);
  if (!media) return call.send(mediaNotFound(id));
  if (media.state === 'pending' || media.state === 'in_progress') {
    media.looksUntilReady -= 1;
    media.state = media.looksUntilReady > 0 ? 'in_progress' : 'succeeded';
  }
  call.answer(200, statusBody(media, call.state));
}
