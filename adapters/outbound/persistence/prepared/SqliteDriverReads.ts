import { type DataSource } from 'typeorm';
import { driverBoundsOf } from '../typeorm/boundedDriver';
import { sqliteReaderOf } from '../typeorm/transactionContext';
import { classified, type DriverReads, inUnitOfWork, type Row } from './DriverReads';

interface Statement {
  all(...parameters: unknown[]): Row[];
}
interface Database {
  prepare(sql: string): Statement;
}

/**
 * Reads on the SQLite file's read-only connection (createDataSource's reader), which sees the
 * last committed state at once (WAL) and never waits for the writing connection's transaction.
 * Each statement is prepared once per connection: a reopened file gets its statements anew.
 * An in-memory database has no such connection: its reads stay on TypeORM.
 */
export class SqliteDriverReads implements DriverReads {
  private database: Database | null = null;
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly dataSource: DataSource) {}

  usable(): boolean {
    if (inUnitOfWork(this.dataSource)) return false;
    return sqliteReaderOf(this.dataSource)?.isInitialized === true;
  }

  async rows(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
    const reader = sqliteReaderOf(this.dataSource)!;
    const bounds = driverBoundsOf(reader);
    // Told as TypeORM tells its own statements (its logging, the bench's statement count).
    this.dataSource.logger.logQuery(sql, parameters as unknown[]);
    try {
      const rows = this.statement(reader, sql).all(...parameters);
      bounds?.observer.available();
      return rows;
    } catch (error) {
      throw classified(error, bounds);
    }
  }

  private statement(reader: DataSource, sql: string): Statement {
    const database = (reader.driver as unknown as { databaseConnection: Database }).databaseConnection;
    if (database !== this.database) {
      this.statements.clear();
      this.database = database;
    }
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = database.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }
}
