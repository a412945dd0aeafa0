import 'reflect-metadata';
import { openDatabase } from '../adapters/outbound/persistence/typeorm/createDataSource';
import { loadConfig } from './env';

/** `npm run migrate`: applies pending migrations and exits (the service also does this at start). */
async function migrate(): Promise<void> {
  const config = loadConfig();
  const dataSource = await openDatabase(config.database);
  const applied = await dataSource.query(
    dataSource.options.type === 'mysql' ? 'SELECT name FROM migrations ORDER BY id' : 'SELECT name FROM "migrations" ORDER BY id',
  );
  process.stdout.write(`${JSON.stringify({ database: config.database.kind, applied: applied.map((r: { name: string }) => r.name) })}\n`);
  await dataSource.destroy();
}

migrate().catch((error: unknown) => {
  process.stderr.write(`dispatch: migration failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
