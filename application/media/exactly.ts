import { type Readable, Transform } from 'node:stream';
import { validationError } from '../../domain/shared/DomainError';

/** `body` passed through, failing with a 422 when it holds more or fewer than `bytes` bytes. */
export function exactly(body: Readable, bytes: number): Readable {
  let seen = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > bytes) done(wrongSize(bytes, `more than ${bytes}`));
      else done(null, chunk);
    },
    flush(done) {
      done(seen === bytes ? null : wrongSize(bytes, String(seen)));
    },
  });
  body.once('error', (error) => counted.destroy(error));
  // A short body can end, and fail the check, before the store has attached to the stream
  // (it may first create a directory or open a request): the failure stays on the stream, where
  // the store's pipeline reads it, instead of being emitted to no one and crashing the process.
  counted.on('error', () => undefined);
  return body.pipe(counted);
}

const wrongSize = (expected: number, got: string) =>
  validationError('invalid_part_size', [{ path: 'body', message: `this part must be exactly ${expected} bytes; it was ${got}` }]);
