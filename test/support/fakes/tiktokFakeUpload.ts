import { type ServerResponse } from 'node:http';
import { type FakeRequest } from './tiktokFakeApi';
import { sendApiError } from './tiktokFakeAnswers';
import { type TikTokFakeState } from './tiktokFakeState';

const MIME_TYPES = ['video/mp4', 'video/quicktime', 'video/webm'];

/**
 * `PUT {upload_url}`: chunks in order, each with `Content-Range: bytes {first}-{last}/{total}`
 * of the length the init planned (the last also carries the rest); 206 until the last, 201.
 */
export function uploadChunk(state: TikTokFakeState, { message, url, body }: FakeRequest, response: ServerResponse) {
  const publish = [...state.publishes.values()].find((p) => p.uploadToken !== null && p.uploadToken === url.searchParams.get('upload_token'));
  if (!publish) return sendApiError(response, 404, 'invalid_params', 'upload_url is invalid or expired');
  if (!MIME_TYPES.includes(String(message.headers['content-type'])))
    return sendApiError(response, 400, 'invalid_file_upload', 'Content-Type is not a video type');
  const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(message.headers['content-range'] ?? ''));
  if (!range) return sendApiError(response, 400, 'invalid_file_upload', 'Content-Range is missing or malformed');
  const [first, last, total] = range.slice(1).map(Number);
  const size = Number(publish.sourceInfo.video_size);
  const chunkSize = Number(publish.sourceInfo.chunk_size);
  const count = Number(publish.sourceInfo.total_chunk_count);
  const index = publish.chunks.length;
  const expected = index === count - 1 ? size - chunkSize * (count - 1) : chunkSize;
  const received = publish.chunks.reduce((sum, c) => sum + c.length, 0);
  if (total !== size || first !== received || last - first + 1 !== expected || index >= count) {
    return sendApiError(response, 416, 'invalid_file_upload', `expected bytes ${received}-${received + expected - 1}/${size}`);
  }
  if (body.length !== expected || Number(message.headers['content-length']) !== expected) {
    return sendApiError(response, 400, 'invalid_file_upload', 'the chunk length does not match its Content-Range');
  }
  publish.chunks.push(body);
  publish.chunkRanges.push(`bytes ${first}-${last}/${total}`);
  response.writeHead(index === count - 1 ? 201 : 206).end();
}
