import { type IncomingMessage } from 'node:http';
import { clientAborted, payloadTooLarge } from './clientError';

/**
 * The request's exact bytes, at most `limitBytes` of them. A declared length over the limit is
 * refused before a byte is read; a body that grows past it (chunked, or lying about its length)
 * is refused as soon as it does, and the rest is left to Node to discard.
 */
export function readRawBody(req: IncomingMessage, limitBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limitBytes) return Promise.reject(payloadTooLarge(limitBytes));
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const stop = (): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('aborted', onAborted);
    };
    const onData = (chunk: Buffer): void => {
      received += chunk.length;
      if (received > limitBytes) {
        stop();
        chunks.length = 0;
        reject(payloadTooLarge(limitBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      stop();
      resolve(Buffer.concat(chunks, received));
    };
    const onError = (error: Error): void => {
      stop();
      reject(error);
    };
    const onAborted = (): void => onError(clientAborted());
    req.on('data', onData);
    req.once('end', onEnd);
    req.once('error', onError);
    req.once('aborted', onAborted);
  });
}
