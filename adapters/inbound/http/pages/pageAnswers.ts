import { type AppContext } from '../state';

/** The token this browser's forms send back in `_csrf` (the page chain sets it). */
export const csrfOf = (ctx: AppContext): string => ctx.state.csrfToken ?? '';

export function htmlAnswer(ctx: AppContext, status: number, body: string): void {
  ctx.status = status;
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
}

/** 303 See Other: after a form post, never 307 (RFC 9700 §4.11). */
export function seeOther(ctx: AppContext, to: string): void {
  ctx.status = 303;
  ctx.redirect(to);
}
