import { type IncomingHttpHeaders } from 'node:http';
import { PassThrough, type Readable } from 'node:stream';
import busboy from 'busboy';
import { validationError } from '../../../../../domain/shared/DomainError';

/** A form carries one file and a few small fields; more is refused, not read on and on. */
const LIMITS = { files: 1, fields: 20, parts: 21, fieldSize: 64 * 1024, headerPairs: 50 } as const;

/**
 * The `file` field of a multipart body, as a stream, once its headers have arrived; other fields
 * are read and dropped. The stream ends only once the whole form has been read and found whole:
 * a body cut short, a second file, too many parts or a broken form after the file fail it with a
 * 422 (a client's abort or a 413 pass through as they are), so a truncated upload is never
 * mistaken for a complete one. Every stream busboy makes has its errors handled here: an
 * `error` emitted to no one would end the process (docs/decisions.md, "Streams meeting a client's bytes").
 */
export function fileOfMultipart(body: Readable, headers: IncomingHttpHeaders): Promise<{ body: Readable; fileName: string | null }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers and curl send a file name's UTF-8 bytes as they are; busboy would read them as Latin-1.
      parser = busboy({ headers, defParamCharset: 'utf8', limits: LIMITS });
    } catch {
      reject(invalid('a multipart/form-data body needs its boundary in Content-Type'));
      return;
    }
    const file = new PassThrough();
    // The consumer attaches later (after a database write): the failure waits on the stream for it.
    file.on('error', () => undefined);
    let found = false;
    let fileEnded = false;
    let failed = false;
    const fail = (error: Error): void => {
      if (failed) return;
      failed = true;
      if (found) file.destroy(error);
      else reject(error);
      body.unpipe(parser);
      body.resume();
    };
    parser.on('file', (field, stream, info) => {
      stream.on('error', (error: Error) => fail(unreadable(error)));
      if (field !== 'file' || found) {
        stream.resume();
        return;
      }
      found = true;
      stream.on('end', () => {
        fileEnded = true;
      });
      stream.pipe(file, { end: false });
      resolve({ body: file, fileName: info.filename ?? null });
    });
    parser.on('filesLimit', () => fail(invalid('the multipart body has more than one file')));
    parser.on('partsLimit', () => fail(invalid(`the multipart body has more than ${LIMITS.parts} parts`)));
    parser.on('fieldsLimit', () => fail(invalid(`the multipart body has more than ${LIMITS.fields} fields`)));
    parser.on('error', (error: Error) => fail(unreadable(error)));
    parser.on('close', () => {
      if (failed) return;
      if (!found) fail(invalid('the multipart body has no file in the field `file`'));
      else if (fileEnded) file.end();
      else fail(invalid('the multipart body ended inside the file'));
    });
    body.on('error', (error: Error) => fail(error));
    body.pipe(parser);
  });
}

const invalid = (message: string) => validationError('invalid_body', [{ path: 'file', message }]);

/** busboy's own complaint ("Unexpected end of form", "Malformed part header") for a broken form; the body's failure as it is. */
function unreadable(error: Error): Error {
  const fromTheBody = typeof (error as { status?: unknown }).status === 'number';
  if (fromTheBody) return error;
  const hint = /unexpected end/i.test(error.message) ? ': it was cut short, or its boundary is not the one Content-Type names' : '';
  return invalid(`the multipart body could not be read (${error.message})${hint}`);
}
