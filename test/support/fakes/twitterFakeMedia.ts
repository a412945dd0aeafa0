import { type ServerResponse } from 'node:http';
import { sendInvalid, sendJson, sendProblem } from './twitterFakeAnswers';
import { parseMultipart } from './twitterFakeMultipart';
import { type StoredMedia, type TwitterFakeState } from './twitterFakeState';
import { bearerToken, type FakeXRequest } from './twitterFakeTweets';

const IMAGE_TYPES = ['image/jpeg', 'image/bmp', 'image/png', 'image/webp', 'image/pjpeg', 'image/tiff'];
const CHUNKED_CATEGORIES = ['tweet_video', 'tweet_gif', 'amplify_video'];

/** The upload's status as X answers it: `processing_info` only while or after processing. */
function statusBody(media: StoredMedia, state: TwitterFakeState) {
  const processing =
    media.state === 'pending' || media.state === 'in_progress'
      ? { processing_info: { state: media.state, check_after_secs: state.checkAfterSecs, progress_percent: media.state === 'pending' ? 0 : 50 } }
      : media.state === 'failed'
        ? { processing_info: { state: 'failed', progress_percent: 12, error: { code: 1, name: 'InvalidMedia', message: 'Unsupported video format' } } }
        : media.state === 'succeeded' && media.category !== 'tweet_image'
          ? { processing_info: { state: 'succeeded', progress_percent: 100 } }
          : {};
  return { data: { id: media.id, media_key: `7_${media.id}`, size: media.totalBytes, expires_after_secs: 86_400, ...processing } };
}

const store = (state: TwitterFakeState, fields: Omit<StoredMedia, 'id' | 'segments' | 'looksUntilReady'> & Partial<StoredMedia>): StoredMedia => {
  const media: StoredMedia = { id: state.nextId(), segments: new Map(), looksUntilReady: state.processingLooks, ...fields };
  state.media.set(media.id, media);
  return media;
};

/** `POST /2/media/upload` (multipart): a whole image in one request, `media_category=tweet_image`. */
export function uploadSimple(state: TwitterFakeState, { message, body }: FakeXRequest, response: ServerResponse) {
  if (!bearerToken(state, message, response, 'media.write')) return;
  const form = parseMultipart(message.headers['content-type'], body);
  const file = form?.get('media');
  if (!form || !file) return sendInvalid(response, 'media is required (multipart/form-data)');
  if (form.get('media_category')?.data.toString() !== 'tweet_image') return sendInvalid(response, 'media_category must be tweet_image');
  const mediaType = form.get('media_type')?.data.toString() ?? file.contentType ?? '';
  if (!IMAGE_TYPES.includes(mediaType)) return sendInvalid(response, `media_type ${mediaType} is not an image X takes here`);
  const media = store(state, { category: 'tweet_image', mediaType, totalBytes: file.data.length, bytes: file.data, state: 'succeeded' });
  sendJson(response, 200, statusBody(media, state));
}

/** `POST /2/media/upload/initialize` (JSON): a chunked upload's type, size and category. */
export function initializeUpload(state: TwitterFakeState, { message, body }: FakeXRequest, response: ServerResponse) {
  if (!bearerToken(state, message, response, 'media.write')) return;
  let request: { media_type?: unknown; total_bytes?: unknown; media_category?: unknown };
  try {
    request = JSON.parse(body.toString('utf8'));
  } catch {
    return sendInvalid(response, 'the body is not JSON');
  }
  const { media_type: mediaType, total_bytes: totalBytes, media_category: category } = request;
  if (typeof mediaType !== 'string' || typeof category !== 'string' || !CHUNKED_CATEGORIES.includes(category)) {
    return sendInvalid(response, 'media_type and a chunked media_category are required');
  }
  if (typeof totalBytes !== 'number' || !Number.isInteger(totalBytes) || totalBytes <= 0) return sendInvalid(response, 'total_bytes is required');
  const media = store(state, { category, mediaType, totalBytes, bytes: null, state: 'uploading' });
  sendJson(response, 200, { data: { id: media.id, media_key: `7_${media.id}`, expires_after_secs: 86_400 } });
}

function uploading(state: TwitterFakeState, url: URL, response: ServerResponse): StoredMedia | null {
  const media = state.media.get(url.pathname.split('/')[4] ?? '');
  if (media?.state === 'uploading') return media;
  sendInvalid(response, 'no upload in progress with this media id');
  return null;
}

/** `POST /2/media/upload/{id}/append` (multipart): `segment_index` (0 to 999) and the chunk as `media`. */
export function appendUpload(state: TwitterFakeState, { message, url, body }: FakeXRequest, response: ServerResponse) {
  if (!bearerToken(state, message, response, 'media.write')) return;
  const media = uploading(state, url, response);
  if (!media) return;
  const form = parseMultipart(message.headers['content-type'], body);
  const index = Number(form?.get('segment_index')?.data.toString());
  const chunk = form?.get('media');
  if (!Number.isInteger(index) || index < 0 || index > 999 || !chunk) return sendInvalid(response, 'segment_index and media are required');
  media.segments.set(index, chunk.data);
  sendJson(response, 200, { data: { expires_at: Math.floor(Date.now() / 1000) + 86_400 } });
}

/** `POST /2/media/upload/{id}/finalize`: the chunks in order must add up to total_bytes; videos then process. */
export function finalizeUpload(state: TwitterFakeState, { message, url }: FakeXRequest, response: ServerResponse) {
  if (!bearerToken(state, message, response, 'media.write')) return;
  const media = uploading(state, url, response);
  if (!media) return;
  const indexes = [...media.segments.keys()].sort((a, b) => a - b);
  const bytes = Buffer.concat(indexes.map((i) => media.segments.get(i) as Buffer));
  if (indexes.some((n, i) => n !== i) || bytes.length !== media.totalBytes) {
    return sendInvalid(response, `File size mismatch: got ${bytes.length} bytes, expected ${media.totalBytes}`);
  }
  media.bytes = bytes;
  media.state = media.looksUntilReady > 0 ? 'pending' : 'succeeded';
  sendJson(response, 200, statusBody(media, state));
}

/** `GET /2/media/upload?command=STATUS&media_id=…`: in progress for `processingLooks` looks, then succeeded. */
export function uploadStatus(state: TwitterFakeState, { message, url }: FakeXRequest, response: ServerResponse) {
  if (!bearerToken(state, message, response, 'media.write')) return;
  if (url.searchParams.get('command') !== 'STATUS') return sendInvalid(response, 'command must be STATUS');
  const media = state.media.get(url.searchParams.get('media_id') ?? '');
  if (!media) return sendProblem(response, 404, 'Not Found Error', 'Could not find media');
  if (media.state === 'pending' || media.state === 'in_progress') {
    media.looksUntilReady -= 1;
    media.state = media.looksUntilReady > 0 ? 'in_progress' : 'succeeded';
  }
  sendJson(response, 200, statusBody(media, state));
}
