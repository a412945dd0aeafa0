import 'reflect-metadata';
import { openDatabase } from '../adapters/outbound/persistence/typeorm/createDataSource';
import { loadConfig } from '../config/env';
import { bareKoaApp, listen, primaryKeySelectApp } from './servers';

/**
 * A baseline in a process of its own (bench/ownProcess.ts forks it): `bare` is Koa and a JSON
 * body; `pk` is Koa plus one primary-key SELECT on a DataSource opened as the service opens
 * its own (the same driver, pool and bounds), on the database DATABASE_URL/DATA_DIR name.
 * It tells its parent the URL it listens on, and exits with its parent.
 */
async function main(): Promise<void> {
  const kind = process.argv[2];
  let app: ReturnType<typeof bareKoaApp>;
  if (kind === 'bare') app = bareKoaApp();
  else if (kind === 'pk') app = primaryKeySelectApp(await openDatabase(loadConfig().database));
  else throw new Error(`unknown baseline ${kind}`);
  const server = await listen(app);
  process.send!({ baseUrl: server.baseUrl });
}

process.on('disconnect', () => process.exit(0));
main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
