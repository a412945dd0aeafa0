import { type ServerResponse } from 'node:http';
import { sendError, sendJson } from './pinterestFakeAnswers';
import { type FakeRequest, json, scoped } from './pinterestFakeRest';
import { type PinterestFakeState } from './pinterestFakeState';
import { type FormPart, parseMultipart } from './pinterestFakeMultipart';

/** The storage service's refusals are XML, as S3's are. */
const storageError = (response: ServerResponse, status: number, code: string, message: string) => {
  response.writeHead(status, { 'Content-Type': 'application/xml' });
  response.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`);
};

/** `POST /v5/media` `{media_type: "video"}`: a media id and the form to upload the video with. */
export function registerMedia(state: PinterestFakeState, { message, body, base }: FakeRequest, response: ServerResponse) {
  const token = scoped(state, message, response, 'pins:write');
  if (!token) return;
  if (json(message, body)?.media_type !== 'video') return sendError(response, { status: 400, code: 1, message: 'Invalid request: media_type must be video' });
  const mediaId = String(5_000_000_000_000 + state.next());
  const fields = {
    'x-amz-date': '20261123T120000Z',
    'x-amz-signature': `sig${mediaId}`,
    'x-amz-security-token': `tok${mediaId}`,
    'x-amz-algorithm': 'AWS4-HMAC-SHA256',
    key: `uploads/${mediaId}.mp4`,
    policy: Buffer.from(`{"conditions":[{"key":"uploads/${mediaId}.mp4"}]}`).toString('base64'),
    'x-amz-credential': 'AKIAFAKE/20261123/us-east-1/s3/aws4_request',
    'Content-Type': 'multipart/form-data',
  };
  state.media.set(mediaId, {
    mediaId,
    userId: token.userId,
    fields,
    status: 'registered',
    bytes: null,
    checksUntilDone: state.videoChecksUntilDone,
    finishesAs: state.videoFinishesAs,
  });
  sendJson(response, 201, { media_id: mediaId, media_type: 'video', upload_url: `${base}/pinterest-media-upload`, upload_parameters: fields });
}

const isMp4 = (bytes: Buffer) => bytes.length > 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';

/** The upload form's target (S3 in real life): every issued field back, then the file, no one's token. */
export function uploadForm(state: PinterestFakeState, { message, body }: FakeRequest, response: ServerResponse) {
  if (message.headers.authorization) return storageError(response, 400, 'InvalidArgument', 'Only one auth mechanism allowed');
  const parts = parseMultipart(message.headers['content-type'], body);
  if (parts === null) return storageError(response, 412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data');
  const media = [...state.media.values()].find((m) => parts.some((p) => p.name === 'key' && p.value.toString() === m.fields.key));
  if (media?.status !== 'registered') return storageError(response, 403, 'AccessDenied', 'Invalid according to Policy');
  const file = parts.findIndex((p: FormPart) => p.name === 'file');
  const before = parts.slice(0, Math.max(0, file));
  for (const [name, value] of Object.entries(media.fields)) {
    if (!before.some((p) => p.name === name && p.value.toString() === value))
      return storageError(response, 403, 'AccessDenied', `Invalid according to Policy: ${name}`);
  }
  if (file < 0 || file !== parts.length - 1)
    return storageError(response, 400, 'InvalidArgument', 'POST requires exactly one file upload per request, as the last field');
  if (!isMp4(parts[file].value)) return storageError(response, 400, 'InvalidArgument', 'The file is not a video');
  media.bytes = parts[file].value;
  media.status = 'processing';
  response.writeHead(204).end();
}

/** `GET /v5/media/{media_id}`: `processing` for a few reads after the upload, then how it ends. */
export function mediaStatus(state: PinterestFakeState, { message, url }: FakeRequest, response: ServerResponse) {
  const token = scoped(state, message, response, 'pins:read');
  if (!token) return;
  const media = state.media.get(url.pathname.slice('/v5/media/'.length));
  if (!media || media.userId !== token.userId) return sendError(response, { status: 404, code: 404, message: 'Media not found.' });
  if (media.status === 'processing') {
    if (media.checksUntilDone > 0) media.checksUntilDone -= 1;
    else media.status = media.finishesAs;
  }
  sendJson(response, 200, { media_id: media.mediaId, media_type: 'video', status: media.status });
}
