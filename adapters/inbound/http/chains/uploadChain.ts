import { type Router } from '@koa/router';
import { type Middleware } from 'koa';
import { type AuthenticateBearer } from '../../../../application/auth/AuthenticateBearer';
import { type Logger } from '../../../../application/ports/Logger';
import { identifyCaller, requireCredential } from '../middleware/authenticate';
import { errorHandler } from '../middleware/errorHandler';
import { rateLimit, type RateLimitOptions } from '../middleware/rateLimit';
import { type AppState } from '../state';
import { payloadTooLarge, refuseCompressed } from './clientError';
import { inOrder, routing } from './inOrder';
import { limitedBody } from './byteLimit';
import { jsonFrame } from './jsonFrame';

export interface UploadChainOptions {
  readonly logger: Logger;
  readonly baseUrl: string;
  readonly authenticate: AuthenticateBearer;
  /** The JSON API's limit and buckets: an upload counts like any other API request. */
  readonly rateLimit: RateLimitOptions;
  readonly uploadLimitBytes: number;
}

/**
 * Uploads (media): the JSON API's credential, rate limit, headers and error body, but no body parser.
 * The route gets the body as a stream (`ctx.state.upload.stream`) limited to this surface's
 * own size; it is never buffered whole, and `ctx.request.body` is never set. Workspace access
 * stays each route's own check, as on the JSON API.
 */
export function uploadChain(routers: readonly Router<AppState>[], options: UploadChainOptions): Middleware<AppState> {
  return inOrder(
    jsonFrame,
    errorHandler(options.logger, options.baseUrl),
    identifyCaller(options.authenticate),
    rateLimit(options.rateLimit),
    requireCredential(),
    streamedBody(options.uploadLimitBytes),
    ...routing(routers),
  );
}

const streamedBody =
  (limitBytes: number): Middleware<AppState> =>
  async (ctx, next) => {
    refuseCompressed(ctx);
    const declared = ctx.get('Content-Length') === '' ? null : Number(ctx.get('Content-Length'));
    // Refused before a byte is read when the client says up front that it is too large.
    if (declared !== null && declared > limitBytes) throw payloadTooLarge(limitBytes);
    ctx.state.upload = { stream: limitedBody(ctx.req, limitBytes), declaredBytes: declared, limitBytes };
    await next();
  };
