/**
 * A stored row the domain cannot accept (unknown role, bad date…). It means the database
 * was written by something else or a migration is missing, so it must surface, not turn
 * into a "not found".
 */
export class RowMappingError extends Error {
  constructor(table: string, key: string, problem: string) {
    super(`${table} row ${key}: ${problem}`);
    this.name = 'RowMappingError';
  }
}

/** Checks a stored value against a closed list; `where` names the row for the error. */
export function requireOneOf<T extends string>(allowed: readonly T[], value: string, where: { table: string; key: string; column: string }): T {
  if (!(allowed as readonly string[]).includes(value)) {
    throw new RowMappingError(where.table, where.key, `${where.column} has unknown value "${value}"`);
  }
  return value as T;
}

export function requireDate(value: unknown, where: { table: string; key: string; column: string }): Date {
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) {
    throw new RowMappingError(where.table, where.key, `${where.column} is not a valid date (${String(value)})`);
  }
  return value;
}

export function optionalDate(value: unknown, where: { table: string; key: string; column: string }): Date | null {
  return value === null || value === undefined ? null : requireDate(value, where);
}

export function requireCount(value: unknown, where: { table: string; key: string; column: string }): number {
  const count = Number(value);
  if (!Number.isInteger(count) || count < 0) {
    throw new RowMappingError(where.table, where.key, `${where.column} is not a count (${String(value)})`);
  }
  return count;
}
