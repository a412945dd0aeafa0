import { Router } from '@koa/router';
import { type Middleware } from 'koa';
import { type ApiRoutes, type RouteKit } from '../RouteKit';
import { type AppState } from '../state';
import { type ApiOperation, type ApiOperations, type ApiSurface } from './ApiOperation';

/** `/v1/posts/{id}` → `/v1/posts/:id`. */
export const routePathOf = (template: string): string => template.replace(/\{(\w+)\}/g, ':$1');

/**
 * What runs before an operation's handler: the caller's access to the path's workspace with
 * the operation's scope (paths without a workspace check their credential in the use case),
 * then the operation's own guards, or the idempotency middleware for an idempotent one.
 */
export function middlewareOf<U>(operation: ApiOperation<U>, kit: RouteKit, useCases: U): Middleware<AppState>[] {
  const access = operation.path.includes('{workspaceId}') ? [kit.access(operation.scope)] : [];
  const guards = operation.guards?.(kit, useCases) ?? (operation.idempotent === true ? [kit.writes] : []);
  return [...access, ...guards];
}

/**
 * The routes of the operations of `surface` (absent: the JSON API's) among `operations`, in
 * the order declared, each calling its use case among `useCases`.
 */
export function apiRouter<U>(operations: ApiOperations<U>, useCases: U, surface?: ApiSurface): ApiRoutes {
  return (kit) => {
    const router = new Router<AppState>();
    for (const operation of operations.filter((o) => o.surface === surface)) {
      const handler: Middleware<AppState> = (ctx) => operation.handle(ctx as Parameters<typeof operation.handle>[0], useCases);
      router.register(routePathOf(operation.path), [operation.method], [...middlewareOf(operation, kit, useCases), handler], { pathAsRegExp: false });
    }
    return router;
  };
}
