import { type Router } from '@koa/router';
import { type Context, type Middleware } from 'koa';
import { type AppState } from '../state';

/** A kind of surface: which requests it owns, and the chain that answers them. */
export interface Surface {
  readonly name: string;
  readonly owns: (ctx: Context) => boolean;
  readonly chain: Middleware<AppState>;
}

/**
 * Hands each request to the first surface that owns it, else to the fallback (the JSON API).
 * Exactly one chain runs per request, so no surface's body parser or error renderer ever
 * sees another's requests (docs/surfaces.md).
 */
export function bySurface(surfaces: readonly Surface[], fallback: Middleware<AppState>): Middleware<AppState> {
  return (ctx, next) => (surfaces.find((surface) => surface.owns(ctx))?.chain ?? fallback)(ctx, next);
}

/** Owns a path prefix and everything under it (`/oauth` owns `/oauth/token`, never `/oauthx`). */
export const underPrefix =
  (prefix: string) =>
  (ctx: Context): boolean =>
    ctx.path === prefix || ctx.path.startsWith(`${prefix}/`);

/**
 * Owns the paths its routers answer, whatever the method (so a known path asked with another
 * method gets this surface's 405), and the literal prefix of a router created with one (so a
 * page router under `/sandbox` answers an unknown `/sandbox/x` with its own HTML 404).
 */
export const routedBy =
  (routers: readonly Router<AppState>[]) =>
  (ctx: Context): boolean =>
    routers.some((router) => ownsPath(router, ctx.path));

function ownsPath(router: Router<AppState>, path: string): boolean {
  const prefix = router.opts.prefix?.replace(/\/+$/, '');
  if (prefix && !prefix.includes(':') && (path === prefix || path.startsWith(`${prefix}/`))) return true;
  return router.match(path, 'GET').path.some((layer) => layer.methods.length > 0);
}
