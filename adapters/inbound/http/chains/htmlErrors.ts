import { STATUS_CODES } from 'node:http';
import { type Context, type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { STATUS_OF } from '../middleware/errorBody';
import { renderErrors } from '../middleware/renderErrors';
import { type AppState } from '../state';
import { html, page } from './html';

/**
 * The page chain's error renderer: every error, and the router's bodiless 404/405/501,
 * becomes a short readable HTML page naming the status, what went wrong and the request id.
 * Everything taken from the request is escaped (the path of a 404 above all).
 */
export const htmlErrors = (logger: Logger): Middleware<AppState> =>
  renderErrors(logger, {
    unrouted(ctx) {
      const path = readablePath(ctx.path);
      render(ctx, ctx.status, ctx.status === 404 ? `There is no page at ${path}.` : `${ctx.method} is not possible on ${path}.`);
    },
    domain: (ctx, error) => render(ctx, STATUS_OF[error.kind], error.message),
    client: (ctx, status, message) => render(ctx, status, message ?? 'The request could not be understood.'),
    unexpected: (ctx) => render(ctx, 500, 'Something went wrong on our side. Please try again later.'),
  });

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
