import { type DataSource } from 'typeorm';
import { type DriverBounds } from '../typeorm/boundedDriver';
import { databaseUnavailable, isStoreUnavailable } from '../typeorm/storeFailures';
import { managerOf } from '../typeorm/transactionContext';

/** A row as the driver returns it: column name to value. */
export type Row = Record<string, unknown>;

/**
 * Read statements sent to the database driver itself, each prepared once per connection
 * (better-sqlite3's `prepare`, mysql2's `execute`), without TypeORM's query runner around them
 * (docs/performance.md, "Issue 25: reads on prepared statements"). TypeORM keeps the schema,
 * the migrations and every write. The driver's failures are classified and bounded as
 * boundDriver does TypeORM's: `database_unavailable`, the same observer, the same limits.
 */
export interface DriverReads {
  /**
   * False inside a unit of work (its reads must see its own transaction) or while the
   * connection is closed: the caller then reads through TypeORM, as before.
   */
  usable(): boolean;
  /** The rows of one read statement (`?` placeholders). */
  rows(sql: string, parameters: readonly unknown[]): Promise<Row[]>;
}

/** True inside a unit of work opened on `dataSource` (its statements belong to its transaction). */
export const inUnitOfWork = (dataSource: DataSource): boolean => managerOf(dataSource) !== dataSource.manager;

/** What a driver's failure becomes: `database_unavailable` (told to the observer) when the store cannot answer, else itself. */
export function classified(error: unknown, bounds: DriverBounds | undefined): unknown {
  if (!isStoreUnavailable(error)) return error;
  bounds?.observer.unavailable(error);
  return databaseUnavailable(error);
}
