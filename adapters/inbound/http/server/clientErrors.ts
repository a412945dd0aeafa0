import { randomUUID } from 'node:crypto';
import { type ServerResponse, STATUS_CODES } from 'node:http';
import { type Duplex } from 'node:stream';
import { type Logger } from '../../../../application/ports/Logger';
import { errorBody } from '../middleware/errorBody';

interface Refusal {
  readonly status: number;
  readonly code: string;
  readonly message: string;
}

/** Node's own refusals, by the code of the error its parser or its timers raise. */
const REFUSAL_OF: Record<string, Refusal> = {
  HPE_HEADER_OVERFLOW: { status: 431, code: 'headers_too_large', message: 'the request headers are larger than this server accepts' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, code: 'request_timeout', message: 'the request was not received in time' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, code: 'payload_too_large', message: 'the chunk extensions are larger than this server accepts' },
};
const MALFORMED: Refusal = { status: 400, code: 'bad_request', message: 'the request is not well-formed HTTP/1.1' };

/** How long a refused client may keep sending before its connection is cut. */
const LINGER_MS = 2000;

/** Sockets already answered: once its parser has failed, every later byte fails it again. */
const answered = new WeakSet<Duplex>();

/**
 * Answers what Node refuses before the app sees a request (a malformed request, headers too
 * large, a client too slow to send its request) with a complete response in the JSON API's
 * error body (docs/errors.md) and an X-Request-Id, then closes the connection. Node's default
 * answers have neither. Nothing is written where the protocol does not allow it: the socket is
 * no longer writable, or the app has already begun its own answer on it.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, inFlight: ServerResponse | undefined, logger: Logger): void {
  if (answered.has(socket)) return;
  answered.add(socket);
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
    socket.destroy();
    return;
  }
  const refusal = REFUSAL_OF[error.code ?? ''] ?? MALFORMED;
  // A request that timed out while the app held it keeps the id its access log line names.
  const known = inFlight?.getHeader('X-Request-Id');
  const requestId = typeof known === 'string' ? known : randomUUID();
  const body = JSON.stringify(errorBody(refusal.status, refusal.code, refusal.message, [], requestId));
  const head = [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Request-Id: ${requestId}`,
    'Connection: close',
  ].join('\r\n');
  logger.info('request refused', { requestId, status: refusal.status, cause: error.code });
  closeAfter(socket, `${head}\r\n\r\n${body}`);
}

/**
 * Ends our side with the answer and keeps discarding what the client still sends (its bytes
 * go on to the failed parser), so the client reads the answer instead of meeting a reset;
 * the socket goes when the client hangs up, or after LINGER_MS.
 */
function closeAfter(socket: Duplex, answer: string): void {
  socket.end(answer);
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), LINGER_MS).unref();
}
