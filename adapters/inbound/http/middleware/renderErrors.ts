import { type Context, type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { DomainError, TooSoon } from '../../../../domain/shared/DomainError';
import { type AppState } from '../state';
import { adviseRetry } from './unavailable';

/** How one surface answers each kind of failure (docs/surfaces.md: every chain renders its own). */
export interface ErrorRendering {
  /** What the router left without a body: no route (404), another method (405), an unknown one (501). */
  unrouted(ctx: Context): void;
  domain(ctx: Context, error: DomainError): void;
  /** A client's HTTP error from a body parser or the router (a 4xx it chose to expose); its message, if any. */
  client(ctx: Context, status: number, message: string | null): void;
  /** Anything else: a bug, already logged with its stack. */
  unexpected(ctx: Context): void;
}

/**
 * The one shape every chain's error renderer has: a domain error by its kind, a client's HTTP
 * error by its status (with the headers it carries, like a 405's Allow), anything else logged
 * with its stack and answered as a 500. A 503 gets `Retry-After` (and a log line unless its
 * cause is logged where it arises).
 */
export const renderErrors =
  (logger: Logger, rendering: ErrorRendering): Middleware<AppState> =>
  async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined && ctx.status >= 400) rendering.unrouted(ctx);
    } catch (caught) {
      if (caught instanceof DomainError) {
        if (caught.kind === 'unavailable') adviseRetry(ctx, caught, logger);
        if (caught instanceof TooSoon) ctx.set('Retry-After', String(caught.retryAfterSeconds));
        rendering.domain(ctx, caught);
        return;
      }
      const http = caught as { status?: unknown; expose?: unknown; message?: unknown; headers?: Record<string, string> };
      if (typeof http.status === 'number' && http.status >= 400 && http.status < 500 && http.expose !== false) {
        if (http.headers) ctx.set(http.headers);
        rendering.client(ctx, http.status, typeof http.message === 'string' ? http.message : null);
        return;
      }
      logUnexpected(logger, ctx, caught, 'unhandled error');
      rendering.unexpected(ctx);
    }
  };

/** A bug's log line: what was asked, the error and its stack (never shown to the client). */
export function logUnexpected(logger: Logger, ctx: Context, caught: unknown, message: string): void {
  logger.error(message, {
    requestId: ctx.state.requestId,
    method: ctx.method,
    path: ctx.path,
    error: caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught),
    stack: caught instanceof Error ? caught.stack : undefined,
  });
}
