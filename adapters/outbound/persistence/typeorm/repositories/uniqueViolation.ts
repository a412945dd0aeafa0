import { QueryFailedError } from 'typeorm';

/** SQLite (better-sqlite3) and MySQL/MariaDB (mysql2) report duplicate keys differently. */
const DUPLICATE_CODES = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY', 'ER_DUP_ENTRY']);

export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof QueryFailedError)) return false;
  const driverError = error.driverError as { code?: unknown; errno?: unknown };
  return DUPLICATE_CODES.has(String(driverError.code)) || driverError.errno === 1062;
}
