import { DomainError } from '../../../../domain/shared/DomainError';

/** Seconds a client is asked to wait before retrying a request the database could not serve. */
export const DATABASE_RETRY_AFTER_S = 5;

/**
 * Driver error codes that say the store is unreachable or too busy to answer, not that the
 * statement is wrong: mysql2's socket and protocol errors (and its own query timeout),
 * MariaDB's refusals of a connection or of a statement that ran out of time, and
 * better-sqlite3's locked, unopenable or failing file.
 */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'PROTOCOL_ENQUEUE_AFTER_FATAL_ERROR',
  'PROTOCOL_ENQUEUE_AFTER_QUIT',
  'ER_CON_COUNT_ERROR',
  'ER_TOO_MANY_USER_CONNECTIONS',
  'ER_SERVER_SHUTDOWN',
  'ER_STATEMENT_TIMEOUT',
  'ER_QUERY_TIMEOUT',
  'ER_CONNECTION_KILLED',
]);
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY|NOMEM)/;
/** mysql2's pool and a closed connection say so in words only. */
const UNREACHABLE_MESSAGES = [
  /^Pool is closed\./,
  /^Queue limit reached\./,
  /^No connections available\./,
  /^Can't add new command when connection is in closed state/,
  /^Connection is not established/,
  /^The database connection is not open/,
];
/** TypeORM's own errors for a DataSource that is not (or no longer) connected. */
const NOT_CONNECTED = new Set(['ConnectionIsNotSetError', 'CannotExecuteNotConnectedError']);

/** True when `error` (or the driver error TypeORM wrapped in it) means "the store cannot be reached now". */
export function isStoreUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Object && depth < 4; depth += 1) {
    const { code, name, message } = e as { code?: unknown; name?: unknown; message?: unknown };
    if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || SQLITE_UNAVAILABLE.test(code))) return true;
    if (typeof name === 'string' && NOT_CONNECTED.has(name)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => m.test(message))) return true;
    e = (e as { driverError?: unknown; cause?: unknown }).driverError ?? (e as { cause?: unknown }).cause;
  }
  return false;
}

/** The error every caller sees instead of the driver's; the driver's stays in `cause`, for the log only. */
export function databaseUnavailable(cause: unknown): DomainError {
  const error = new DomainError('unavailable', 'database_unavailable', `The database is unavailable; retry in ${DATABASE_RETRY_AFTER_S} seconds`);
  error.cause = cause;
  return error;
}
