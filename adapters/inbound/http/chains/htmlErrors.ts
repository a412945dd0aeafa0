import { STATUS_CODES } from 'node:http';
import { type Context, type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { DomainError } from '../../../../domain/shared/DomainError';
import { STATUS_OF } from '../middleware/errorBody';
import { adviseRetry } from '../middleware/unavailable';
import { type AppState } from '../state';
import { html, page } from './html';

/**
 * The page chain's error renderer: every error, and the router's bodiless 404/405/501,
 * becomes a short readable HTML page naming the status, what went wrong and the request id.
 * Everything taken from the request is escaped (the path of a 404 above all).
 */
export const htmlErrors =
  (logger: Logger): Middleware<AppState> =>
  async (ctx, next) => {
    try {
      await next();
      if (ctx.body === undefined && ctx.status >= 400) {
        const path = readablePath(ctx.path);
        const message = ctx.status === 404 ? `There is no page at ${path}.` : `${ctx.method} is not possible on ${path}.`;
        render(ctx, ctx.status, message);
      }
    } catch (caught) {
      if (caught instanceof DomainError) {
        if (caught.kind === 'unavailable') adviseRetry(ctx, caught, logger);
        render(ctx, STATUS_OF[caught.kind], caught.message);
        return;
      }
      const http = caught as { status?: unknown; expose?: unknown; message?: unknown; headers?: Record<string, string> };
      if (typeof http.status === 'number' && http.status >= 400 && http.status < 500 && http.expose !== false) {
        if (http.headers) ctx.set(http.headers);
        render(ctx, http.status, typeof http.message === 'string' ? http.message : 'The request could not be understood.');
        return;
      }
      logger.error('unhandled error', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        error: caught instanceof Error ? `${caught.name}: ${caught.message}` : String(caught),
        stack: caught instanceof Error ? caught.stack : undefined,
      });
      render(ctx, 500, 'Something went wrong on our side. Please try again later.');
    }
  };

/** The path as a person typed it (percent-decoded when it decodes); escaped like everything else. */
function readablePath(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function render(ctx: Context, status: number, message: string): void {
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`;
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = page(
    title,
    html`<h1>${title}</h1>
<p>${message}</p>
<p>If you report this, quote the request id <code>${ctx.state.requestId}</code>.</p>`,
  );
}
