import { DataSource } from 'typeorm';
import { ALL_MIGRATIONS } from './migrations';
import { ALL_SCHEMAS } from './schemas';
import { type AvailabilityObserver, boundDriver } from './boundedDriver';
import { runMigrationsAlone } from './runMigrationsAlone';
import { narrowSqliteFiles, prepareSqliteFiles } from './sqliteFiles';
import { attachSqliteReader, guardConcurrentUse, sqliteReaderOf } from './transactionContext';

export interface DatabaseLimits {
  readonly connectTimeoutMs: number;
  /** MySQL: waiting for a pooled connection; SQLite: the busy timeout. */
  readonly acquireTimeoutMs: number;
  readonly statementTimeoutMs: number;
}

export type DatabaseTarget = (
  | { readonly kind: 'sqlite'; readonly file: string }
  /** `poolSize`: the connections this process keeps (10 when absent). */
  | { readonly kind: 'mysql'; readonly url: string; readonly poolSize?: number }
) & {
  readonly limits?: DatabaseLimits;
};

/** The defaults of DATABASE_*_TIMEOUT_MS (README, "Configuration"). */
const DEFAULT_LIMITS: DatabaseLimits = { connectTimeoutMs: 5000, acquireTimeoutMs: 5000, statementTimeoutMs: 10_000 };
/** Requests waiting for a pooled connection beyond this many are refused at once (503). */
const QUEUE_LIMIT = 100;
const DEFAULT_POOL_SIZE = 10;

/** Builds (does not open) the DataSource for SQLite or MySQL/MariaDB; migrations run explicitly. */
export function createDataSource(target: DatabaseTarget): DataSource {
  const limits = target.limits ?? DEFAULT_LIMITS;
  const common = { entities: ALL_SCHEMAS, migrations: ALL_MIGRATIONS, synchronize: false, logging: false } as const;
  if (target.kind === 'sqlite') {
    const onDisk = target.file !== ':memory:';
    if (onDisk) prepareSqliteFiles(target.file);
    return new DataSource({
      ...common,
      type: 'better-sqlite3',
      database: target.file,
      // WAL lets readers proceed while one writer commits; foreign keys are off by default in SQLite.
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma('journal_mode = WAL');
        db.pragma('foreign_keys = ON');
        // better-sqlite3 waits synchronously: the whole process stalls while another holds the lock.
        db.pragma(`busy_timeout = ${Math.trunc(limits.acquireTimeoutMs)}`);
        if (onDisk) narrowSqliteFiles(target.file);
      },
    });
  }
  return new DataSource({
    ...common,
    type: 'mysql',
    url: target.url,
    charset: 'utf8mb4_unicode_ci',
    timezone: 'Z',
    dateStrings: false,
    connectTimeout: limits.connectTimeoutMs,
    // trace: false, or mysql2 captures a stack trace for every statement (3 % of a create's samples on
    // MariaDB, docs/performance.md) to put on a driver error; TypeORM's QueryFailedError carries its own.
    extra: { connectionLimit: target.poolSize ?? DEFAULT_POOL_SIZE, queueLimit: QUEUE_LIMIT, supportBigNumbers: true, trace: false },
  });
}

/**
 * Opens the DataSource and applies every pending migration, each in its own transaction (one
 * process at a time on MySQL: runMigrationsAlone); then
 * bounds and classifies every later statement (boundDriver), telling `observer` when the
 * database goes away and comes back.
 */
export async function openDatabase(target: DatabaseTarget, observer: AvailabilityObserver = UNOBSERVED): Promise<DataSource> {
  const limits = target.limits ?? DEFAULT_LIMITS;
  const dataSource = await initializeDataSource(createDataSource(target), limits.acquireTimeoutMs);
  await runMigrationsAlone(dataSource);
  boundDriver(dataSource, limits, observer);
  const reader = sqliteReaderOf(dataSource);
  if (reader !== undefined) boundDriver(reader, limits, observer);
  return dataSource;
}

const UNOBSERVED: AvailabilityObserver = { unavailable: () => undefined, available: () => undefined };

/**
 * Connects, and makes the connection safe for concurrent callers (see guardConcurrentUse). An
 * SQLite file also gets a read-only connection (see readerOf): a request authenticates there
 * without waiting for another request's transaction on the one writing connection.
 */
export async function initializeDataSource(dataSource: DataSource, busyTimeoutMs = DEFAULT_LIMITS.acquireTimeoutMs): Promise<DataSource> {
  await dataSource.initialize();
  guardConcurrentUse(dataSource);
  const options = dataSource.options;
  if (options.type === 'better-sqlite3' && options.database !== ':memory:') {
    const reader = new DataSource({
      type: 'better-sqlite3',
      database: options.database,
      entities: ALL_SCHEMAS,
      readonly: true,
      synchronize: false,
      logging: false,
      prepareDatabase: (db: { pragma(sql: string): unknown }) => {
        db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
      },
    });
    attachSqliteReader(dataSource, await reader.initialize());
  }
  return dataSource;
}
