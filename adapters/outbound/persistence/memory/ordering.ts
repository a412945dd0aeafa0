/** Oldest first, ties by a string key: the order the TypeORM adapters ask the database for. */
export function oldestFirst<T extends { readonly createdAt: Date }>(tieBreak: (item: T) => string) {
  return (a: T, b: T): number => a.createdAt.getTime() - b.createdAt.getTime() || compareStrings(tieBreak(a), tieBreak(b));
}

/** Code-unit order, which is the byte order SQLite and utf8mb4_bin use for our ASCII ids. */
const compareStrings = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** Deep copy (Dates and arrays included), so stored state never shares objects with callers. */
export const copyOf = <T>(value: T): T => structuredClone(value);
