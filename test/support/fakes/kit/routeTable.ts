/** Method, path (exact, or a pattern it must match) and handler; the first that fits answers. */
export type RouteTable<Handler> = ReadonlyArray<readonly [method: string, path: string | RegExp, handler: Handler]>;

export function findRoute<Handler>(routes: RouteTable<Handler>, method: string, path: string): Handler | undefined {
  return routes.find(([m, p]) => m === method && (typeof p === 'string' ? p === path : p.test(path)))?.[2];
}
