import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { DomainError } from '../../../../domain/shared/DomainError';
import { errorBody, STATUS_OF } from '../middleware/errorBody';
import { adviseRetry } from '../middleware/unavailable';
import { type AppState } from '../state';

/**
 * The webhook chain's error renderer: the JSON API's error body, but every status kept as it
 * is (a 400 is no `invalid_json` here: the body is never parsed by the chain) and no bearer
 * challenge, which would mislead a sender whose signature failed. Senders read the status only.
 */
export const webhookErrors =
  (logger: Logger): Middleware<AppState> =>
  async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined && ctx.status >= 400) {
        const status = ctx.status;
        const code = status === 404 ? 'route_not_found' : status === 405 ? 'method_not_allowed' : 'bad_request';
        ctx.status = status; // set explicitly, or giving a body would turn the router's 404 into a 200
        ctx.body = errorBody(status, code, `${code.replace(/_/g, ' ')}: ${ctx.method} ${ctx.path}`, [], ctx.state.requestId);
      }
    } catch (caught) {
      if (caught instanceof DomainError) {
        ctx.status = STATUS_OF[caught.kind];
        ctx.body = errorBody(ctx.status, caught.code, caught.message, caught.details, ctx.state.requestId);
        if (caught.kind === 'unavailable') adviseRetry(ctx, caught, logger);
        return;
      }
      const http = caught as { status?: unknown; expose?: unknown; message?: unknown; headers?: Record<string, string> };
      if (typeof http.status === 'number' && http.status >= 400 && http.status < 500 && http.expose !== false) {
        if (http.headers) ctx.set(http.headers);
        const code = http.status === 413 ? 'payload_too_large' : http.status === 415 ? 'unsupported_media_type' : 'bad_request';
        ctx.status = http.status;
        ctx.body = errorBody(http.status, code, typeof http.message === 'string' ? http.message : 'bad request', [], ctx.state.requestId);
        return;
      }
      logger.error('unhandled error', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        error: caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught),
        stack: caught instanceof Error ? caught.stack : undefined,
      });
      ctx.status = 500;
      ctx.body = errorBody(500, 'internal_error', 'an unexpected error occurred; quote the requestId when reporting it', [], ctx.state.requestId);
    }
  };
