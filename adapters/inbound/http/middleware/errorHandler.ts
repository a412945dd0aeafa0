import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { DomainError } from '../../../../domain/shared/DomainError';
import { type AppState } from '../state';
import { errorBody, STATUS_OF } from './errorBody';
import { adviseRetry } from './unavailable';
import { challengeFor } from './wwwAuthenticate';

const ROUTING_CODES: Record<number, string> = { 404: 'route_not_found', 405: 'method_not_allowed', 501: 'not_implemented' };

interface HttpishError {
  status?: number;
  expose?: boolean;
  message?: string;
  type?: string;
  /** http-errors carries response headers here (the Allow of a 405). */
  headers?: Record<string, string>;
}

/** The one place errors become responses: domain errors by kind, client HTTP errors by status, the rest 500. */
export const errorHandler =
  (logger: Logger, baseUrl: string): Middleware<AppState> =>
  async (ctx, next) => {
    try {
      await next();
      // What the router answers without a body: no route (404), a known path with another
      // method (405, Allow set), a method it does not know at all (501).
      if (ctx.body === undefined && ctx.status >= 400) {
        const status = ctx.status;
        const code = ROUTING_CODES[status] ?? 'bad_request';
        ctx.status = status;
        ctx.body = errorBody(status, code, `${code.replace(/_/g, ' ')}: ${ctx.method} ${ctx.path}`, [], ctx.state.requestId);
      }
    } catch (caught) {
      if (caught instanceof DomainError) {
        const status = STATUS_OF[caught.kind];
        ctx.status = status;
        ctx.body = errorBody(status, caught.code, caught.message, caught.details, ctx.state.requestId);
        const challenge = challengeFor(caught, baseUrl, Boolean(ctx.get('Authorization')));
        if (challenge !== null) ctx.set('WWW-Authenticate', challenge);
        if (status === 503) adviseRetry(ctx, caught, logger);
        return;
      }
      const http = caught as HttpishError;
      if (typeof http.status === 'number' && http.status >= 400 && http.status < 500 && http.expose !== false) {
        const { status, code } = clientHttpError(http);
        const message = http.message ?? 'bad request';
        // A 422 always names where the problem is; for an unreadable body that is the body itself.
        const details = status === 422 ? [{ path: '', message }] : [];
        ctx.status = status;
        if (http.headers) ctx.set(http.headers);
        ctx.body = errorBody(status, code, message, details, ctx.state.requestId);
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

/** Body-parser and router errors are the client's: a broken JSON body is a validation failure. */
function clientHttpError(error: HttpishError): { status: number; code: string } {
  if (error.status === 413) return { status: 413, code: 'payload_too_large' };
  if (error.status === 415) return { status: 415, code: 'unsupported_media_type' };
  if (error.status === 405) return { status: 405, code: 'method_not_allowed' };
  if (error.status === 400) return { status: 422, code: 'invalid_json' };
  return { status: error.status!, code: 'bad_request' };
}
