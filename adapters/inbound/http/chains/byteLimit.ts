import { type IncomingMessage } from 'node:http';
import { Transform, type TransformCallback } from 'node:stream';
import { payloadTooLarge } from './clientError';

/**
 * Passes bytes through and fails, with a 413, as soon as more than `limitBytes` have passed.
 * What it holds at any time is bounded by the stream's buffer, never the whole body.
 */
export class ByteLimit extends Transform {
  private passed = 0;

  constructor(private readonly limitBytes: number) {
    super();
  }

  get bytesPassed(): number {
    return this.passed;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.passed += chunk.length;
    if (this.passed > this.limitBytes) done(payloadTooLarge(this.limitBytes));
    else done(null, chunk);
  }
}

/** How long a refused upload may keep sending before its connection is cut (see `lingerThenClose`). */
export const LINGER_MS = 2000;

/**
 * The request through a ByteLimit. When the limit trips, the request is unhooked from the
 * limiter and its remaining bytes are discarded as they come (never held), so the 413 can be
 * answered while the client is still sending.
 */
export function limitedBody(req: IncomingMessage, limitBytes: number): ByteLimit {
  const limiter = new ByteLimit(limitBytes);
  limiter.once('error', () => {
    req.unpipe(limiter);
    req.resume();
  });
  req.pipe(limiter);
  return limiter;
}

/**
 * After an answer given before the request's body was all read (a refused upload), the body
 * is drained so the client, still sending, can read the answer instead of meeting a reset;
 * a client that keeps sending beyond LINGER_MS has its connection closed, so nothing hangs.
 * A client that finishes sooner keeps a clean, reusable connection.
 */
export function lingerThenClose(req: IncomingMessage): void {
  if (req.complete) return;
  req.resume();
  const cut = setTimeout(() => req.socket.destroy(), LINGER_MS);
  cut.unref();
  req.once('end', () => clearTimeout(cut));
  req.once('close', () => clearTimeout(cut));
}
