import { type IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { DownloadFailedError } from './DownloadFailedError';

export function tooLarge(maxBytes: number): DownloadFailedError {
  return new DownloadFailedError({ kind: 'too_large', reason: `the file is larger than the limit of ${maxBytes} bytes` });
}

class ByteCounter extends Transform {
  private received = 0;

  constructor(private readonly maxBytes: number) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.received += chunk.length;
    if (this.received > this.maxBytes) done(tooLarge(this.maxBytes));
    else done(null, chunk);
  }
}

/**
 * `response`'s body, failing with a DownloadFailedError past `maxBytes`, when the connection
 * breaks, or when `deadline` aborts. Ending, failing or being destroyed, it releases the
 * response and calls `settled`.
 */
export function sizeLimitedBody(response: IncomingMessage, maxBytes: number, deadline: AbortSignal, settled: () => void): Transform {
  const body = new ByteCounter(maxBytes);
  const timedOut = () => body.destroy(new DownloadFailedError({ kind: 'timeout', reason: 'the download took too long' }));
  const broken = () => body.destroy(new DownloadFailedError({ kind: 'network', reason: 'the connection broke during the download' }));
  deadline.addEventListener('abort', timedOut, { once: true });
  response.on('error', broken);
  response.once('aborted', broken);
  body.once('close', () => {
    deadline.removeEventListener('abort', timedOut);
    if (!response.complete) response.destroy();
    settled();
  });
  body.once('end', settled);
  // Whoever reads the body attaches after an await or two (a scratch directory made first): a
  // failure before then waits on the stream for its pipeline, instead of ending the process.
  body.on('error', () => undefined);
  response.pipe(body);
  if (deadline.aborted) timedOut();
  return body;
}
