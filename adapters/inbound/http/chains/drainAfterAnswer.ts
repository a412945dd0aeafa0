import { type Context } from 'koa';
import { lingerThenClose } from './byteLimit';

/**
 * Whatever the answer (a 413, or a 401 or 429 given before a byte was read), a body left
 * unread must neither stall the connection nor be buffered: it is discarded as it comes (see
 * lingerThenClose), and the answer says `Connection: close`, since the connection is given up
 * once the client has stopped sending. Without it a body parser that stopped at its limit left
 * the request paused: the client stalled mid-body until the connection was reset, and a
 * request sent next on it failed. Called once the chain has answered (jsonFrame.ts).
 */
export function drainAfterAnswer(ctx: Context): void {
  if (ctx.req.complete) return;
  if (!ctx.headerSent) ctx.set('Connection', 'close');
  lingerThenClose(ctx.req);
}
