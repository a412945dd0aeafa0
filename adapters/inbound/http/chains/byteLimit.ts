import { type IncomingMessage } from 'node:http';
import { type Socket } from 'node:net';
import { Transform, type TransformCallback } from 'node:stream';
import { clientAborted, payloadTooLarge } from './clientError';

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
  // A client gone before the end of its body fails the stream (piping forwards no error), so
  // whoever reads it (a scratch file, the store) lets go and cleans up instead of waiting forever.
  const onAborted = (): void => {
    limiter.destroy(clientAborted());
  };
  const onError = (error: Error): void => {
    limiter.destroy(error);
  };
  req.once('aborted', onAborted);
  req.once('error', onError);
  req.once('end', () => {
    req.off('aborted', onAborted);
    req.off('error', onError);
  });
  req.pipe(limiter);
  return limiter;
}

/**
 * After an answer given before the request's body was all read (a refused upload), the rest of
 * the body is discarded as it comes, so the client, still sending, reads the answer instead of
 * meeting a reset. A client that finishes sending keeps a clean connection until it is closed
 * as the answer says (drainAfterAnswer); one that keeps sending beyond LINGER_MS is cut, so
 * nothing hangs.
 */
export function lingerThenClose(req: IncomingMessage): void {
  if (req.complete) return;
  req.unpipe(); // a limiter nobody reads any more would pause the request again
  req.resume();
  const socket = req.socket as Socket & { destroySoon?: () => void };
  const cut = setTimeout(() => socket.destroy(), LINGER_MS);
  cut.unref();
  req.once('end', () => clearTimeout(cut));
  socket.once('close', () => clearTimeout(cut));
  // Where the connection ends with the answer (the client sent Connection: close), Node would
  // destroy the socket as soon as the answer is written: a client still sending would then meet
  // a reset, often before reading the 413. Only our side is ended; the rest is still discarded.
  // Once the client has stopped sending (or after the linger), the socket goes.
  socket.destroySoon = () => {
    socket.end();
    socket.once('end', () => socket.destroy());
    setTimeout(() => socket.destroy(), LINGER_MS).unref();
  };
}
