import { randomUUID } from 'node:crypto';
import { type Middleware } from 'koa';
import { type AppState } from '../state';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/** Keeps a caller's well-formed X-Request-Id (so traces join up), else makes one. */
export const requestId = (): Middleware<AppState> => async (ctx, next) => {
  const incoming = ctx.get('X-Request-Id');
  ctx.state.requestId = ACCEPTABLE.test(incoming) ? incoming : randomUUID();
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
};
