import { apiError } from './tiktokFakeAnswers';
import { type TikTokCall } from './tiktokFakeApi';

const MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

/**
 * `PUT {upload_url}` (TikTok's media transfer guide): chunks in order, each with
 * `Content-Range: bytes {first}-{last}/{total}` of the length the init planned (the last also
 * carries the rest); 206 until the last, 201. The URL carries its own authorization.
 */
export function uploadChunk(call: TikTokCall) {
  const { headers, body } = call.request;
  const publish = [...call.state.publishes.values()].find((p) => p.uploadToken !== null && p.uploadToken === call.url.searchParams.get('upload_token'));
  if (!publish) return call.send(apiError(404, 'invalid_params', 'upload_url is invalid or expired'));
  if (!MIME_TYPES.includes(String(headers['content-type']))) return call.send(apiError(400, 'invalid_file_upload', 'Content-Type is not a video type'));
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(headers['content-range'] ?? ''));
  if (!range) return call.send(apiError(400, 'invalid_file_upload', 'Content-Range is missing or malformed'));
  const [first, last, total] = range.slice(1).map(Number);
  const size = Number(publish.sourceInfo.video_size);
  const chunkSize = Number(publish.sourceInfo.chunk_size);
  const count = Number(publish.sourceInfo.total_chunk_count);
  const index = publish.chunks.length;
  const expected = index === count - 1 ? size - chunkSize * (count - 1) : chunkSize;
  const received = publish.chunks.reduce((sum, c) => sum + c.length, 0);
  if (total !== size || first !== received || last - first + 1 !== expected || index >= count) {
    return call.send(apiError(416, 'invalid_file_upload', `expected bytes ${received}-${received + expected - 1}/${size}`));
  }
  if (body.length !== expected || Number(headers['content-length']) !== expected) {
    return call.send(apiError(400, 'invalid_file_upload', 'the chunk length does not match its Content-Range'));
  }
  publish.chunks.push(body);
  publish.chunkRanges.push(`bytes ${first}-${last}/${total}`);
  call.send({ status: index === count - 1 ? 201 : 206 });
}
