import { type Context, type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { errorBody } from '../middleware/errorBody';
import { logUnexpected } from '../middleware/renderErrors';
import { type AppState } from '../state';

/**
 * Outside every chain: each chain renders its own errors, so whatever reaches here escaped one
 * (or came from the few routes outside them, like /health). It is answered as a 500 in the
 * JSON API's body, never as Koa's default plain text, and logged. The app runs it inside its
 * request frame (requestFrame.ts); `lastResort` is the same as a middleware of its own.
 */
export function answerEscaped(logger: Logger, ctx: Context & { state: AppState }, caught: unknown): void {
  logUnexpected(logger, ctx, caught, 'unhandled error outside any chain');
  ctx.status = 500;
  ctx.body = errorBody(500, 'internal_error', 'an unexpected error occurred; quote the requestId when reporting it', [], ctx.state.requestId);
}

export const lastResort =
  (logger: Logger): Middleware<AppState> =>
  async (ctx, next) => {
    try {
      await next();
    } catch (caught) {
      answerEscaped(logger, ctx, caught);
    }
  };
