import { type IncomingHttpHeaders } from 'node:http';
import { type Readable } from 'node:stream';
import busboy from 'busboy';
import { validationError } from '../../../../../domain/shared/DomainError';

/**
 * The `file` field of a multipart body, as a stream, once its headers have arrived: other
 * fields and any second file are ignored (read and dropped). The rest of the body streams on as it is read.
 */
export function fileOfMultipart(body: Readable, headers: IncomingHttpHeaders): Promise<{ body: Readable; fileName: string | null }> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      // Browsers and curl send a file name's UTF-8 bytes as they are; busboy would read them as Latin-1.
      parser = busboy({ headers, defParamCharset: 'utf8', limits: { files: 1, fields: 20, fieldSize: 64 * 1024 } });
    } catch {
      reject(invalid('a multipart/form-data body needs its boundary in Content-Type'));
      return;
    }
    let found = false;
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || found) {
        stream.resume();
        return;
      }
      found = true;
      resolve({ body: stream, fileName: info.filename ?? null });
    });
    parser.on('error', (error) => (found ? undefined : reject(invalid(`the multipart body could not be read (${(error as Error).message})`))));
    parser.on('close', () => (found ? undefined : reject(invalid('the multipart body has no file in the field `file`'))));
    body.on('error', (error) => parser.destroy(error));
    body.pipe(parser);
  });
}

const invalid = (message: string) => validationError('invalid_body', [{ path: 'file', message }]);
