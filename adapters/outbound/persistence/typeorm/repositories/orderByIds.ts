/** Returns the found items in the order their ids were asked for, each once, missing ones skipped. */
export function orderByIds<T>(ids: readonly string[], items: readonly T[], idOf: (item: T) => string): T[] {
  const byId = new Map(items.map((item) => [idOf(item), item]));
  return [...new Set(ids)].flatMap((id) => {
    const item = byId.get(id);
    return item === undefined ? [] : [item];
  });
}
