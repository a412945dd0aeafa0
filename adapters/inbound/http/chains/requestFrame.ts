import { type Middleware } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { answerEscaped } from './lastResort';
import { clientAddressFinder, type ProxyTrust } from '../clientAddress';
import { type AppState } from '../state';
import { logRequest } from '../middleware/accessLog';
import { requestIdFrom } from '../middleware/requestId';

/**
 * What every request gets around it, whatever surface answers it, as ONE middleware (they were
 * four, each a layer of Koa's stack; docs/performance.md, "Issue 25: reads on prepared
 * statements"): its request id (requestId.ts), echoed in X-Request-Id; the client's address,
 * worked out once before anything counts or logs it and set as `ctx.ip` (Koa's own proxy
 * handling, which believes the client-written left-most X-Forwarded-For entry, stays off);
 * the last-resort answer to an error that escaped every chain (chains/lastResort.ts); and the
 * access log line, written once the answer is decided, errors included (accessLog.ts).
 */
export function requestFrame(trust: ProxyTrust, logger: Logger): Middleware<AppState> {
  const addressOf = clientAddressFinder(trust);
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    // Node gives every header but Set-Cookie as one string (repeats joined): read as Koa's ctx.get reads them.
    const headers = ctx.req.headers as Record<string, string | undefined>;
    const requestId = requestIdFrom(headers['x-request-id']);
    ctx.state.requestId = requestId;
    ctx.res.setHeader('X-Request-Id', requestId);
    ctx.request.ip = addressOf(ctx.req.socket.remoteAddress, headers['x-forwarded-for'] || undefined);
    try {
      await next();
    } catch (caught) {
      answerEscaped(logger, ctx, caught);
    } finally {
      logRequest(logger, ctx, started);
    }
  };
}
