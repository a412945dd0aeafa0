import { type Router } from '@koa/router';
import { type Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { type AuthenticateBearer } from '../../../../application/auth/AuthenticateBearer';
import { type Logger } from '../../../../application/ports/Logger';
import { identifyCaller } from '../middleware/authenticate';
import { errorHandler } from '../middleware/errorHandler';
import { rateLimit, type RateLimitOptions } from '../middleware/rateLimit';
import { requireJson } from '../middleware/requireJson';
import { type AppState } from '../state';
import { deadlineOf, inOrder, routing } from './inOrder';
import { jsonFrame } from './jsonFrame';

export interface JsonApiChainOptions {
  readonly logger: Logger;
  readonly baseUrl: string;
  readonly authenticate: AuthenticateBearer;
  readonly rateLimit: RateLimitOptions;
  readonly bodyLimitBytes: number;
  /** The request ceiling (requestDeadline), right inside the error renderer; none when absent. */
  readonly deadline?: Middleware<AppState>;
}

/**
 * The JSON API: the error body of docs/product.md, strict JSON bodies held to the hostile-input
 * rules (requireJson), every request counted per credential or, without a valid one, per client
 * address; a body left unread is drained and its connection closed. Every answer carries
 * JSON_HEADERS, and no-store when the request carried a credential. Each router guards its
 * own routes (requireCredential, workspace access, idempotency).
 */
export function jsonApiChain(routers: readonly Router<AppState>[], options: JsonApiChainOptions): Middleware<AppState> {
  return inOrder(
    jsonFrame,
    errorHandler(options.logger, options.baseUrl),
    ...deadlineOf(options),
    identifyCaller(options.authenticate),
    rateLimit(options.rateLimit),
    requireJson(),
    koaBody({
      json: true,
      urlencoded: false,
      text: false,
      multipart: false,
      jsonStrict: true,
      jsonLimit: options.bodyLimitBytes,
      onError: rethrow,
    }) as Middleware<AppState>,
    ...routing(routers),
  );
}

function rethrow(error: Error): never {
  throw error;
}
