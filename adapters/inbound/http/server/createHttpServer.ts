import http from 'node:http';
import type Koa from 'koa';
import { type AppState } from '../state';
import { type Logger } from '../../../../application/ports/Logger';
import { answerClientError } from './clientErrors';
import { ResponsesInFlight } from './ResponsesInFlight';

/** What one client may hold of the server, and for how long (README, "Configuration"). */
export interface ServerLimits {
  /** From a connection's first byte of a request to the end of its headers. */
  readonly headersTimeoutMs: number;
  /** From a request's first byte to the end of its body; at least headersTimeoutMs. */
  readonly requestTimeoutMs: number;
  /** How long an idle kept-alive connection waits for its next request. */
  readonly keepAliveTimeoutMs: number;
  /** Open connections; the ones above are closed as they arrive. */
  readonly maxConnections: number;
  /** The request line and headers together. */
  readonly maxHeaderBytes: number;
}

/** Node checks the header and request deadlines on a timer; a quarter of the shorter keeps them close. */
const checkingIntervalOf = (limits: ServerLimits): number =>
  Math.min(30_000, Math.max(50, Math.floor(Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs) / 4)));

/** How often a refused connection at the cap is logged: a flood must not flood the log too. */
const DROP_LOG_INTERVAL_MS = 60_000;

/**
 * The node:http server for the Koa app, with its deadlines and caps set (Node's defaults let a
 * client trickling its body hold a connection for minutes), and Node's own refusals answered
 * in the API's error body (see answerClientError). It does not listen: the caller does.
 */
export function createHttpServer(app: Koa<AppState>, limits: ServerLimits, logger: Logger): http.Server {
  const handle = app.callback();
  const responses = new ResponsesInFlight();
  const server = http.createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: checkingIntervalOf(limits),
      maxHeaderSize: limits.maxHeaderBytes,
    },
    (req, res) => {
      responses.track(req, res);
      void handle(req, res);
    },
  );
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  server.maxConnections = limits.maxConnections;
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => answerClientError(error, socket, responses.on(socket), logger));
  let lastDropLogged = -Infinity;
  server.on('drop', () => {
    const now = Date.now();
    if (now - lastDropLogged < DROP_LOG_INTERVAL_MS) return;
    lastDropLogged = now;
    logger.warn('connection refused: the server holds as many as it may', { maxConnections: limits.maxConnections });
  });
  return server;
}
