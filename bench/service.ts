import { type DataSource } from 'typeorm';
import { type Composition, compose } from '../config/container';
import { loadConfig } from '../config/env';
import { buildHttpApp } from '../config/httpApp';
import { Fixtures } from '../test/support/testApp';
import { OWNER_EMAIL } from '../test/support/data/people';
import { listen, type Listening } from './servers';

/** The real service on one database, listening, with an owner's API key and a Twitter connection. */
export interface ServiceUnderTest {
  readonly composition: Composition;
  readonly dataSource: DataSource;
  readonly server: Listening;
  readonly workspaceId: string;
  /** The owner's user id: the person an OAuth token is granted by (bench/oauthToken.ts). */
  readonly userId: string;
  readonly connectionId: string;
  readonly apiKey: string;
  close(): Promise<void>;
}

/** What the bench sets for every service it starts, in its process or as deployed (bench/deployed.ts). */
export const BENCH_SERVICE_ENV: Readonly<Record<string, string>> = {
  SECRET_KEY: 'bench-secret-key-bench-secret-key-0123456789',
  // The database is seeded by the bench, not by a first start.
  BOOTSTRAP: 'false',
  // The highest value the config accepts: the bench must measure work, not 429s.
  RATE_LIMIT_MAX: '1000000',
};

/** Through the real composition root, as test/support/testApp.ts does; built only from env. */
export async function startService(databaseEnv: Record<string, string>): Promise<ServiceUnderTest> {
  const config = loadConfig({ LOG_LEVEL: 'silent', ...BENCH_SERVICE_ENV, ...databaseEnv });
  const composition = await compose(config);
  if (composition.dataSource === null) throw new Error('the benchmark measures a database');
  const server = await listen(buildHttpApp(composition));
  const given = new Fixtures(composition);
  const userId = await given.user(OWNER_EMAIL);
  const workspaceId = await given.workspace(OWNER_EMAIL, 'Bench');
  const { key } = await given.apiKey(workspaceId, OWNER_EMAIL, 'owner');
  const connectionId = await given.connection(workspaceId, 'twitter', '@bench');
  return {
    composition,
    dataSource: composition.dataSource,
    server,
    workspaceId,
    userId,
    connectionId,
    apiKey: key,
    async close() {
      await server.close();
      await composition.close();
    },
  };
}

/** A valid posts.create body: a two-tweet thread for one Twitter connection, kept as a draft. */
export { threadBody } from '../test/support/data/posts';
