import { randomBytes } from 'node:crypto';
import { type Readable } from 'node:stream';
import { callPinterest, type PinterestAnswer } from './PinterestHttp';
import { type PinterestSettings } from './PinterestOptions';

/** What Pinterest's `POST /v5/media` hands back for the upload: a form POST target and its fields. */
export interface UploadTarget {
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
}

const CRLF = '\r\n';

/**
 * The video POSTed to Pinterest's upload URL as `multipart/form-data`: every field of
 * `upload_parameters` first, then the bytes as `file` (the order such upload forms need),
 * streamed with the exact length known up front.
 */
export async function postUploadForm(
  settings: PinterestSettings,
  target: UploadTarget,
  file: { body: Readable; mimeType: string; sizeBytes: number },
): Promise<PinterestAnswer> {
  const boundary = `----dispatch${randomBytes(12).toString('hex')}`;
  const fieldParts = Object.entries(target.fields).map(
    ([name, value]) => `--${boundary}${CRLF}Content-Disposition: form-data; name="${name}"${CRLF}${CRLF}${value}${CRLF}`,
  );
  const fileHead = `--${boundary}${CRLF}Content-Disposition: form-data; name="file"; filename="video"${CRLF}Content-Type: ${file.mimeType}${CRLF}${CRLF}`;
  const head = Buffer.from(fieldParts.join('') + fileHead);
  const tail = Buffer.from(`${CRLF}--${boundary}--${CRLF}`);
  async function* body(): AsyncIterable<Uint8Array> {
    yield head;
    for await (const chunk of file.body) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    yield tail;
  }
  return callPinterest(settings, {
    method: 'POST',
    url: target.url,
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(head.length + file.sizeBytes + tail.length) },
    body: body(),
  });
}
