import { Router } from '@koa/router';
import { type Middleware } from 'koa';
import { type AppState } from '../state';

/** Runs middleware one after another, as Koa's own stack does, as ONE middleware: a chain the app mounts as a unit. */
export function inOrder(...stack: readonly Middleware<AppState>[]): Middleware<AppState> {
  return (ctx, next) => {
    const run = async (index: number): Promise<void> => {
      const middleware = stack[index];
      if (middleware === undefined) return next();
      await middleware(ctx, () => run(index + 1));
    };
    return run(0);
  };
}

/** A chain's request ceiling, when it was given one: placed right inside its error renderer, which answers its 503. */
export const deadlineOf = (options: { readonly deadline?: Middleware<AppState> }): Middleware<AppState>[] =>
  options.deadline === undefined ? [] : [options.deadline];

/**
 * The routers' routes, then one 405-with-Allow for a known path asked with another method
 * (the router records every layer a path matched, whichever router holds it); a path no
 * router knows falls through, and the chain's error renderer answers the 404.
 */
export function routing(routers: readonly Router<AppState>[]): Middleware<AppState>[] {
  return [...routers.map((router) => router.routes() as Middleware<AppState>), new Router<AppState>().allowedMethods() as Middleware<AppState>];
}
