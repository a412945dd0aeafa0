import { type DataSource } from 'typeorm';
import { isSqlite } from '../typeorm/transactionContext';
import { type DriverReads } from './DriverReads';
import { MysqlDriverReads } from './MysqlDriverReads';
import { SqliteDriverReads } from './SqliteDriverReads';

/** The direct reads of `dataSource`'s database: its read-only connection on SQLite, its pool on MySQL. */
export function driverReadsOf(dataSource: DataSource): DriverReads {
  return isSqlite(dataSource) ? new SqliteDriverReads(dataSource) : new MysqlDriverReads(dataSource);
}
