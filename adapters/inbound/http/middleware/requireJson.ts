import { type Middleware } from 'koa';
import { type AppState } from '../state';

/**
 * A request that carries a body must say it is JSON: a form or text body would otherwise be
 * parsed as "no body" and answered with confusing "is required" errors instead of a 415.
 */
export const requireJson = (): Middleware<AppState> => async (ctx, next) => {
  const hasBody = ctx.request.length > 0 || ctx.get('Transfer-Encoding') !== '';
  if (hasBody && ctx.request.is('application/json', '+json') === false) {
    ctx.throw(415, 'the body must be JSON (Content-Type: application/json)');
  }
  await next();
};
