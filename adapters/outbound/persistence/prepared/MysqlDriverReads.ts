import { type DataSource } from 'typeorm';
import { driverBoundsOf, type StoreLimits, withinTime } from '../typeorm/boundedDriver';
import { classified, type DriverReads, inUnitOfWork, type Row } from './DriverReads';

interface PoolConnection {
  execute(sql: string, values: unknown[], done: (error: Error | null, rows: Row[]) => void): unknown;
  release(): void;
  destroy(): void;
}
interface MysqlDriver {
  readonly pool?: { getConnection(done: (error: Error | null, connection: PoolConnection) => void): void };
  /** TypeORM's: gives a pooled connection its error listener (an unheard 'error' would end the process). */
  prepareDbConnection(connection: PoolConnection): PoolConnection;
}

/**
 * Reads on a pooled connection of the DataSource's own mysql2 pool, through `execute`: mysql2
 * prepares a statement once per connection and keeps it, so later reads send only its id and
 * parameters and get rows in the binary protocol. Bounded as boundDriver bounds TypeORM's
 * statements: the wait for a connection and the statement each within their limit, and a
 * connection that failed or ran out of time is destroyed, never reused.
 */
export class MysqlDriverReads implements DriverReads {
  constructor(private readonly dataSource: DataSource) {}

  usable(): boolean {
    return this.dataSource.isInitialized && this.driver().pool !== undefined && !inUnitOfWork(this.dataSource);
  }

  async rows(sql: string, parameters: readonly unknown[]): Promise<Row[]> {
    const bounds = driverBoundsOf(this.dataSource);
    const limits = bounds?.limits ?? null;
    this.dataSource.logger.logQuery(sql, parameters as unknown[]);
    let connection: PoolConnection | undefined;
    try {
      connection = await this.acquire(limits);
      const rows = await this.execute(connection, sql, parameters, limits);
      bounds?.observer.available();
      return rows;
    } catch (error) {
      const failure = classified(error, bounds);
      if (failure !== error && connection !== undefined) {
        connection.destroy();
        connection = undefined;
      }
      throw failure;
    } finally {
      connection?.release();
    }
  }

  private driver(): MysqlDriver {
    return this.dataSource.driver as unknown as MysqlDriver;
  }

  private acquire(limits: StoreLimits | null): Promise<PoolConnection> {
    const driver = this.driver();
    const pending = new Promise<PoolConnection>((resolve, reject) =>
      driver.pool!.getConnection((error, connection) => (error ? reject(error) : resolve(driver.prepareDbConnection(connection)))),
    );
    if (limits === null) return pending;
    return withinTime(pending, limits.acquireTimeoutMs, 'waiting for a database connection', () => {
      // A connection arriving after its wait was given up goes back to the pool unused.
      pending.then(
        (connection) => connection.release(),
        () => undefined,
      );
    });
  }

  private execute(connection: PoolConnection, sql: string, parameters: readonly unknown[], limits: StoreLimits | null): Promise<Row[]> {
    const statement = new Promise<Row[]>((resolve, reject) => {
      connection.execute(sql, parameters as unknown[], (error, rows) => (error ? reject(error) : resolve(rows)));
    });
    return limits === null ? statement : withinTime(statement, limits.statementTimeoutMs, 'running a statement', () => undefined);
  }
}
