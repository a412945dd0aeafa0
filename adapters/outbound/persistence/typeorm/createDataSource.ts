import fs from 'node:fs';
import path from 'node:path';
import { DataSource } from 'typeorm';
import { ALL_MIGRATIONS } from './migrations';
import { ALL_SCHEMAS } from './schemas';
import { type AvailabilityObserver, boundDriver } from './boundedDriver';
import { guardConcurrentUse } from './transactionContext';

export interface DatabaseLimits {
  readonly connectTimeoutMs: number;
  /** MySQL: waiting for a pooled connection; SQLite: the busy timeout. */
  readonly acquireTimeoutMs: number;
  readonly statementTimeoutMs: number;
}

export type DatabaseTarget = ({ readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'mysql'; readonly url: string }) & {
  readonly limits?: DatabaseLimits;
};

/** The defaults of DATABASE_*_TIMEOUT_MS (README, "Configuration"). */
const DEFAULT_LIMITS: DatabaseLimits = { connectTimeoutMs: 5000, acquireTimeoutMs: 5000, statementTimeoutMs: 10_000 };
/** Requests waiting for a pooled connection beyond this many are refused at once (503). */
const QUEUE_LIMIT = 100;

/** Builds (does not open) the DataSource for SQLite or MySQL/MariaDB; migrations run explicitly. */
export function createDataSource(target: DatabaseTarget): DataSource {
  const limits = target.limits ?? DEFAULT_LIMITS;
  const common = { entities: ALL_SCHEMAS, migrations: ALL_MIGRATIONS, synchronize: false, logging: false } as const;
  if (target.kind === 'sqlite') {
    if (target.file !== ':memory:') fs.mkdirSync(path.dirname(target.file), { recursive: true });
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
    extra: { connectionLimit: 10, queueLimit: QUEUE_LIMIT, supportBigNumbers: true },
  });
}

/**
 * Opens the DataSource and applies every pending migration, each in its own transaction; then
 * bounds and classifies every later statement (boundDriver), telling `observer` when the
 * database goes away and comes back.
 */
export async function openDatabase(target: DatabaseTarget, observer: AvailabilityObserver = UNOBSERVED): Promise<DataSource> {
  const dataSource = await initializeDataSource(createDataSource(target));
  await dataSource.runMigrations({ transaction: 'each' });
  boundDriver(dataSource, target.limits ?? DEFAULT_LIMITS, observer);
  return dataSource;
}

const UNOBSERVED: AvailabilityObserver = { unavailable: () => undefined, available: () => undefined };

/** Connects, and makes the connection safe for concurrent callers (see guardConcurrentUse). */
export async function initializeDataSource(dataSource: DataSource): Promise<DataSource> {
  await dataSource.initialize();
  guardConcurrentUse(dataSource);
  return dataSource;
}
