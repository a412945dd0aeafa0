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
    "default-src 'none'; style-src 'self' 'unsafe-inline'; img-src 'self' data: https:; media-src 'self' https:; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
} as const;

/**
 * JSON answers (the JSON API, uploads, webhooks, /health): nothing in them runs, loads or is
 * framed as a page, they are read by their own origin only when a browser loads them without
 * CORS, and no link from them leaks a URL (docs/surfaces.md).
 */
export const JSON_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const;
