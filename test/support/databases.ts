import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DataSource } from 'typeorm';
import { createDataSource, initializeDataSource } from '../../adapters/outbound/persistence/typeorm/createDataSource';
import { MYSQL_URL } from './services';

export type DatabaseKind = 'sqlite' | 'mysql';
export const DATABASE_KINDS: readonly DatabaseKind[] = ['sqlite', 'mysql'];

/** The server name `requireServer` expects for a kind, or null when nothing must be running. */
export const serverFor = (kind: DatabaseKind): 'MySQL' | null => (kind === 'mysql' ? 'MySQL' : null);

const tempDirs: string[] = [];
process.once('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * An open, empty database: SQLite in a fresh temporary file (the real file path, WAL and
 * all), or the shared MySQL test database with every table dropped first. Migrations run
 * unless `migrate: false`, which the migration tests use to start from nothing.
 */
export async function openTestDatabase(kind: DatabaseKind, options: { migrate?: boolean } = {}): Promise<DataSource> {
  const dataSource = createDataSource(kind === 'sqlite' ? { kind: 'sqlite', file: temporarySqliteFile() } : { kind: 'mysql', url: MYSQL_URL });
  await initializeDataSource(dataSource);
  // dropDatabase drops the tables (migrations table included), not the database itself.
  if (kind === 'mysql') await dataSource.dropDatabase();
  if (options.migrate ?? true) await dataSource.runMigrations({ transaction: 'each' });
  return dataSource;
}

function temporarySqliteFile(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dispatch-test-'));
  tempDirs.push(dir);
  return path.join(dir, 'dispatch.sqlite');
}
