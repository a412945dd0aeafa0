import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { type AppState } from '../state';

/** One line per request; the path only (queries and headers may carry secrets). */
export const accessLog =
  (logger: Logger): Middleware<AppState> =>
  async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      logger.info('request', {
        requestId: ctx.state.requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        client: ctx.ip,
        durationMs: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
        credential: ctx.state.credential ? `${ctx.state.credential.kind}:${ctx.state.credential.id}` : undefined,
      });
    }
  };
