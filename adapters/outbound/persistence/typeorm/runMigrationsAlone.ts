import { type DataSource } from 'typeorm';
import { isSqlite } from './transactionContext';

/** How long a process waits for another one's migrations before it gives up starting. */
const WAIT_SECONDS = 600;

/**
 * Applies the pending migrations, each in its own transaction, one process at a time on
 * MySQL/MariaDB: processes started at once on the same new database would otherwise each read
 * "none applied" and create the same tables ("Table 'users' already exists"). A named lock of
 * the server (GET_LOCK, per database name) is held on a connection of its own while this
 * process migrates; the next one then finds nothing left to do. It is released with that
 * connection should this process die. SQLite is left as it was (one process per file).
 */
export async function runMigrationsAlone(dataSource: DataSource): Promise<void> {
  if (isSqlite(dataSource)) {
    await dataSource.runMigrations({ transaction: 'each' });
    return;
  }
  const holder = dataSource.createQueryRunner();
  await holder.connect();
  try {
    const [row] = (await holder.query(`SELECT GET_LOCK(LEFT(CONCAT('dispatch.migrations.', DATABASE()), 64), ?) AS got`, [WAIT_SECONDS])) as { got: unknown }[];
    if (Number(row?.got) !== 1)
      throw new Error(`another process has been applying migrations to this database for ${WAIT_SECONDS} s: try again once it is done`);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await holder.query(`SELECT RELEASE_LOCK(LEFT(CONCAT('dispatch.migrations.', DATABASE()), 64))`);
    }
  } finally {
    await holder.release();
  }
}
