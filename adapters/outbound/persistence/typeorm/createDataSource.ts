import { DataSource } from 'typeorm';
import { ALL_MIGRATIONS } from './migrations';
import { ALL_SCHEMAS } from './schemas';
import { narrowSqliteFiles, prepareSqliteFiles } from './sqliteFiles';
import { attachSqliteReader, guardConcurrentUse } from './transactionContext';

export type DatabaseTarget = { readonly kind: 'sqlite'; readonly file: string } | { readonly kind: 'mysql'; readonly url: string };

/** Builds (does not open) the DataSource for SQLite or MySQL/MariaDB; migrations run explicitly. */
export function createDataSource(target: DatabaseTarget): DataSource {
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
        db.pragma('busy_timeout = 5000');
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
    extra: { connectionLimit: 10, supportBigNumbers: true },
  });
}

/** Opens the DataSource and applies every pending migration, each in its own transaction. */
export async function openDatabase(target: DatabaseTarget): Promise<DataSource> {
  const dataSource = await initializeDataSource(createDataSource(target));
  await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}

/**
 * Connects, and makes the connection safe for concurrent callers (see guardConcurrentUse). An
 * SQLite file also gets a read-only connection (see readerOf): a request authenticates there
 * without waiting for another request's transaction on the one writing connection.
 */
export async function initializeDataSource(dataSource: DataSource): Promise<DataSource> {
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
        db.pragma('busy_timeout = 5000');
      },
    });
    attachSqliteReader(dataSource, await reader.initialize());
  }
  return dataSource;
}
