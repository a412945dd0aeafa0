import { type Server } from 'node:http';
import { type Surfaces } from '../adapters/inbound/http/HttpDependencies';
import { createHttpServer } from '../adapters/inbound/http/server/createHttpServer';
import { type Composition } from './container';
import { buildHttpApp } from './httpApp';
import { TOKENS as T } from './tokens';

/** The HTTP app inside its node:http server, with the deadlines and caps of config.http; not yet listening. */
export function buildHttpServer(composition: Composition, surfaces: Surfaces = {}): Server {
  const { timeouts, maxConnections, maxHeaderBytes } = composition.get(T.Config).http;
  return createHttpServer(
    buildHttpApp(composition, surfaces),
    {
      headersTimeoutMs: timeouts.headersMs,
      requestTimeoutMs: timeouts.requestMs,
      keepAliveTimeoutMs: timeouts.keepAliveMs,
      maxConnections,
      maxHeaderBytes,
    },
    composition.get(T.Logger),
  );
}
