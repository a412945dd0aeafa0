import { type Answer } from './kit/scriptedAnswers';
import { notFound } from './pinterestFakeAnswers';
import { ownerOf, type PinterestCall } from './pinterestFakeAccount';

/** The storage service's refusals are XML, as S3's are. */
const storageError = (status: number, code: string, message: string): Answer => ({
  status,
  contentType: 'application/xml',
  body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
});

/** `POST /v5/media` (media/create) `{media_type: "video"}`: a media id and the form to upload the video with. */
export function registerMedia(call: PinterestCall) {
  const token = ownerOf(call);
  if (!token) return;
  const mediaId = String(5_000_000_000_000 + call.state.next());
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
  const { state } = call;
  state.media.set(mediaId, {
    mediaId,
    userId: token.userId,
    fields,
    status: 'registered',
    bytes: null,
    checksUntilDone: state.videoChecksUntilDone,
    finishesAs: state.videoFinishesAs,
  });
  call.answer(201, { media_id: mediaId, media_type: 'video', upload_url: `${call.baseUrl}/pinterest-media-upload`, upload_parameters: fields });
}

const isMp4 = (bytes: Buffer) => bytes.length > 12 && bytes.subarray(4, 8).toString('latin1') === 'ftyp';

/**
 * The upload form's target (S3 in real life, outside Pinterest's API and its description):
 * every issued field back, then the file as the last part, no one's token.
 */
export function uploadForm(call: PinterestCall) {
  if (call.request.headers.authorization) return call.send(storageError(400, 'InvalidArgument', 'Only one auth mechanism allowed'));
  const parts = call.parts();
  if (parts === null) return call.send(storageError(412, 'PreconditionFailed', 'Bucket POST must be of the enclosure-type multipart/form-data'));
  const media = [...call.state.media.values()].find((m) => parts.some((p) => p.name === 'key' && p.value.toString() === m.fields.key));
  if (media?.status !== 'registered') return call.send(storageError(403, 'AccessDenied', 'Invalid according to Policy'));
  const file = parts.findIndex((p) => p.name === 'file');
  const before = parts.slice(0, Math.max(0, file));
  for (const [name, value] of Object.entries(media.fields)) {
    if (!before.some((p) => p.name === name && p.value.toString() === value))
      return call.send(storageError(403, 'AccessDenied', `Invalid according to Policy: ${name}`));
  }
  if (file < 0 || file !== parts.length - 1)
    return call.send(storageError(400, 'InvalidArgument', 'POST requires exactly one file upload per request, as the last field'));
  if (!isMp4(parts[file]!.value)) return call.send(storageError(400, 'InvalidArgument', 'The file is not a video'));
  media.bytes = parts[file]!.value;
  media.status = 'processing';
  call.send({ status: 204 });
}

/** `GET /v5/media/{media_id}` (media/get): `processing` for a few reads after the upload, then how it ends. */
export function mediaStatus(call: PinterestCall) {
  const token = ownerOf(call);
  if (!token) return;
  const media = call.state.media.get(call.url.pathname.slice('/v5/media/'.length));
  if (!media || media.userId !== token.userId) return call.send(notFound('Media'));
  if (media.status === 'processing') {
    if (media.checksUntilDone > 0) media.checksUntilDone -= 1;
    else media.status = media.finishesAs;
  }
  call.answer(200, { media_id: media.mediaId, media_type: 'video', status: media.status });
}
