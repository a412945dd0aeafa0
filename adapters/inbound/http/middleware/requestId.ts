import { randomUUID } from 'node:crypto';
import { type Middleware } from 'koa';
import { looksLikeCredential } from '../../../../application/auth/redactCredentials';
import { type AppState } from '../state';

const ACCEPTABLE = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Keeps a caller's well-formed X-Request-Id (so traces join up), else makes one. An id that looks
 * like a credential (a key pasted into the wrong header) is replaced too: it would be logged and
 * echoed with every line of the request (docs/decisions.md, "Logs").
 */
export const requestId = (): Middleware<AppState> => async (ctx, next) => {
  const incoming = ctx.get('X-Request-Id');
  ctx.state.requestId = ACCEPTABLE.test(incoming) && !looksLikeCredential(incoming) ? incoming : randomUUID();
  ctx.set('X-Request-Id', ctx.state.requestId);
  await next();
};
