import { type DataSource } from 'typeorm';

/**
 * Lets the database finish the seed's after-work before anything is measured, so the first
 * rows do not pay for it. SQLite: checkpoint the seed's WAL into the database file (the
 * service never runs ANALYZE, so neither does the bench). MariaDB: refresh now the
 * statistics InnoDB would recalculate by itself in the background (>10 % of rows changed).
 * Returns what it did, for the log.
 */
export async function settleAfterSeed(dataSource: DataSource): Promise<string> {
  if (dataSource.options.type === 'better-sqlite3') {
    await dataSource.query('PRAGMA wal_checkpoint(TRUNCATE)');
    return 'WAL checkpointed';
  }
  await dataSource.query('ANALYZE TABLE posts, post_targets');
  return 'ANALYZE TABLE posts, post_targets done';
}
