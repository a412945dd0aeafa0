import { type Middleware } from 'koa';
import { clientAddressFinder, type ProxyTrust } from '../clientAddress';
import { type AppState } from '../state';

/**
 * Works out the client's address once per request, before anything counts or logs it, and
 * sets it as `ctx.ip`: Koa's own proxy handling (which believes the left-most, client-written
 * entry of X-Forwarded-For) stays off, so `ctx.ip` means the same everywhere.
 */
export const clientAddress = (trust: ProxyTrust): Middleware<AppState> => {
  const addressOf = clientAddressFinder(trust);
  return async (ctx, next) => {
    ctx.request.ip = addressOf(ctx.req.socket.remoteAddress, ctx.get('X-Forwarded-For') || undefined);
    await next();
  };
};
