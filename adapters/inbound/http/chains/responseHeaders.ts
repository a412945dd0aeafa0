import { type Middleware } from 'koa';
import { type AppState } from '../state';

/**
 * Sets headers on every answer of a surface, its errors included: they are set before the rest
 * of the chain runs, and the chain's own renderer answers errors without clearing them.
 */
export const withHeaders =
  (headers: Readonly<Record<string, string>>): Middleware<AppState> =>
  async (ctx, next) => {
    ctx.set(headers);
    await next();
  };

/** OAuth answers carry tokens and codes: never kept by a cache on the way (docs/surfaces.md). */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' } as const;

/** Pages: nothing loads from elsewhere, nothing frames them, nothing is cached (docs/surfaces.md). */
export const PAGE_HEADERS = {
  'Content-Security-Policy':
    "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
} as const;
