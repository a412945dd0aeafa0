import { type Middleware } from 'koa';
import { type AppState } from '../state';
import { drainAfterAnswer } from './drainAfterAnswer';
import { JSON_HEADERS } from './responseHeaders';

/** JSON_HEADERS as name, value pairs, made once. */
const JSON_HEADER_PAIRS: ReadonlyArray<readonly [string, string]> = Object.entries(JSON_HEADERS);

/**
 * What every JSON surface (the API, uploads, CSV files, MCP) puts around its chain, as ONE
 * middleware where there were three layers: JSON_HEADERS on every answer,
 * errors included, set before the chain runs from a list made once; `Cache-Control: no-store`
 * when the request carried a credential (an answer to one is the caller's own: a new API key, a
 * member list; no cache on the way may keep it, errors included: docs/surfaces.md); and a body
 * left unread drained after the answer, with `Connection: close` (drainAfterAnswer.ts).
 */
export const jsonFrame: Middleware<AppState> = async (ctx, next) => {
  const res = ctx.res;
  for (const [name, value] of JSON_HEADER_PAIRS) res.setHeader(name, value);
  if (ctx.req.headers.authorization) res.setHeader('Cache-Control', 'no-store');
  try {
    await next();
  } finally {
    drainAfterAnswer(ctx);
  }
};
