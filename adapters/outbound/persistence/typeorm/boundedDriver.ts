import { type DataSource, type QueryRunner } from 'typeorm';
import { databaseUnavailable, isStoreUnavailable } from './storeFailures';

export interface StoreLimits {
  /** Waiting for a pooled connection (MySQL). */
  readonly acquireTimeoutMs: number;
  /** One statement's round trip, once it has a connection (MySQL). */
  readonly statementTimeoutMs: number;
}

/** Told when the store stops answering and when it answers again (see AvailabilityLog). */
export interface AvailabilityObserver {
  unavailable(cause: unknown): void;
  available(): void;
}

type PooledConnection = { release(): void; destroy(): void };
type Runner = QueryRunner & { databaseConnection?: PooledConnection; connect(): Promise<unknown> };
type Driver = { createQueryRunner(mode: 'master' | 'slave'): Runner; [GUARDED]?: true };

const GUARDED = Symbol('boundedDriver');

/** What boundDriver installed on a DataSource: its limits (null on SQLite) and its observer. */
export interface DriverBounds {
  readonly limits: StoreLimits | null;
  readonly observer: AvailabilityObserver;
}
const boundsByDataSource = new WeakMap<DataSource, DriverBounds>();

/**
 * The bounds boundDriver put on `dataSource`, for statements sent to its driver directly
 * (adapters/outbound/persistence/prepared/): undefined when it was never bounded (a test's
 * DataSource), which then runs unbounded and unobserved, as its TypeORM statements do.
 */
export const driverBoundsOf = (dataSource: DataSource): DriverBounds | undefined => boundsByDataSource.get(dataSource);

/**
 * The one place driver errors are classified: every statement of the DataSource runs through
 * a query runner the driver makes, so wrapping those runners turns "the store cannot be reached
 * or is locked" into `database_unavailable` (docs/errors.md) for every repository, the unit of
 * work and the health check alike, and tells `observer` of each change of state. On MySQL it
 * also bounds the wait for a pooled connection and each statement: a statement past its time
 * drops its connection, so the server rolls its transaction back instead of committing it
 * after the caller gave up. SQLite statements run synchronously; busy_timeout bounds them.
 * Installed after the migrations, which may run longer than any request's statement.
 */
export function boundDriver(dataSource: DataSource, limits: StoreLimits, observer: AvailabilityObserver): void {
  const driver = dataSource.driver as unknown as Driver;
  if (driver[GUARDED]) return;
  driver[GUARDED] = true;
  const bounded = dataSource.options.type !== 'better-sqlite3';
  boundsByDataSource.set(dataSource, { limits: bounded ? limits : null, observer });
  const create = driver.createQueryRunner.bind(driver);
  const seen = new WeakSet<Runner>();
  driver.createQueryRunner = (mode) => {
    const runner = create(mode);
    // The better-sqlite3 driver hands every caller the same runner: wrap it once.
    if (!seen.has(runner)) {
      seen.add(runner);
      guardRunner(runner, bounded ? limits : null, observer);
    }
    return runner;
  };
}

function guardRunner(runner: Runner, limits: StoreLimits | null, observer: AvailabilityObserver): void {
  const connect = runner.connect.bind(runner);
  const query = runner.query.bind(runner) as (...args: unknown[]) => Promise<unknown>;
  if (limits !== null) {
    let gaveUp: Promise<never> | null = null;
    runner.connect = () => {
      // Once its wait was given up, the runner's rollback and release must not wait again.
      if (gaveUp !== null) return gaveUp;
      // Connected already (every statement of a transaction after its first): nothing to wait
      // for, so no timer; TypeORM's connect then answers the connection it holds.
      if (runner.databaseConnection !== undefined) return connect();
      const pending = connect();
      return withinTime(pending, limits.acquireTimeoutMs, 'waiting for a database connection', (timeout) => {
        gaveUp = Promise.reject(timeout);
        gaveUp.catch(() => undefined);
        // A connection arriving after its wait was given up goes back to the pool unused.
        pending.then(
          (c) => runner.isReleased && (c as PooledConnection).release(),
          () => undefined,
        );
      });
    };
  }
  runner.query = (async (...args: unknown[]) => {
    try {
      if (limits !== null) await runner.connect();
      const statement = query(...args);
      const result = await (limits === null ? statement : withinTime(statement, limits.statementTimeoutMs, 'running a statement', () => undefined));
      observer.available();
      return result;
    } catch (error) {
      if (!isStoreUnavailable(error)) throw error;
      // A connection that failed or timed out mid-statement is never reused: its state is unknown.
      if (limits !== null) runner.databaseConnection?.destroy();
      observer.unavailable(error);
      throw databaseUnavailable(error);
    }
  }) as QueryRunner['query'];
}

/** `work`, or a timeout error (classified as unavailable) once `ms` have passed; `late` handles the abandoned work. */
export async function withinTime<T>(work: Promise<T>, ms: number, what: string, late: (timeout: Error) => void): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const timeout = Object.assign(new Error(`timed out after ${ms} ms ${what}`), { code: 'PROTOCOL_SEQUENCE_TIMEOUT' });
      late(timeout);
      reject(timeout);
    }, ms);
  });
  work.catch(() => undefined); // its failure after the timeout has no one to go to
  try {
    return await Promise.race([work, expired]);
  } finally {
    clearTimeout(timer);
  }
}
