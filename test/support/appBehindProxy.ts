import { PLATFORMS, type Platform } from '../../domain/platform/Platform';
import { TOKENS } from '../../config/tokens';
import { handleFor } from './data/connections';
import { OWNER_EMAIL } from './data/people';
import { draftBody, type Json } from './data/posts';
import { FixedClock } from './fixedClock';
import { api, type ApiClient } from './openapi';
import { RecordingLogger } from './recordingLogger';
import { MYSQL_URL, requireServer } from './services';
import { TcpProxy } from './tcpProxy';
import { freshDatabaseEnv, startTestApp, type TestApp } from './testApp';

/** The app on MariaDB reached through a proxy the test can cut or stall, with one owner, key and connections. */
export interface ProxiedWorld {
  readonly t: TestApp;
  readonly proxy: TcpProxy;
  readonly logs: RecordingLogger;
  /** The service's clock, set to the real time at the start: it moves only when the test says. */
  readonly clock: FixedClock;
  readonly api: ApiClient;
  readonly auth: { Authorization: string };
  readonly posts: string;
  readonly conn: Readonly<Record<Platform, string>>;
  /** A valid draft whose text is `text`, to find it in the database afterwards. */
  draft(text: string): Json;
  /** Rows of `posts` whose groups hold `text`, read once the proxy forwards again. */
  storedWith(text: string): Promise<number>;
  close(): Promise<void>;
}

/** Call from `before` (with its `this`): skipped when MariaDB is not running; `env` sets the budgets. */
export async function startBehindProxy(ctx: Mocha.Context, env: Record<string, string>): Promise<ProxiedWorld> {
  await requireServer(ctx, 'MySQL');
  await freshDatabaseEnv('mysql');
  const target = new URL(MYSQL_URL);
  const proxy = new TcpProxy(target.hostname, Number(target.port));
  await proxy.start();
  const viaProxy = new URL(MYSQL_URL);
  viaProxy.port = String(proxy.port);
  const logs = new RecordingLogger();
  const clock = new FixedClock(new Date());
  const t = await startTestApp(
    { DATABASE_URL: viaProxy.toString(), DATA_DIR: (await freshDatabaseEnv('sqlite')).DATA_DIR! },
    { RATE_LIMIT_MAX: '1000000', ...env },
    {
      replace: (w) => {
        w.replace(TOKENS.Logger, logs);
        w.replace(TOKENS.Clock, clock);
      },
    },
  );
  await t.given.user(OWNER_EMAIL);
  const ws = await t.given.workspace(OWNER_EMAIL, 'Main');
  const conn = {} as Record<Platform, string>;
  for (const platform of PLATFORMS) conn[platform] = await t.given.connection(ws, platform, handleFor(platform));
  const key = (await t.given.apiKey(ws, OWNER_EMAIL, 'owner')).key;
  return {
    t,
    proxy,
    logs,
    clock,
    api: api(t.app),
    auth: { Authorization: `Bearer ${key}` },
    posts: `/v1/workspaces/${ws}/posts`,
    conn,
    draft: (text) => draftBody({ conn }, { groups: [{ id: 'g_default', isDefault: true, segments: [{ text, media: [] }] }] }),
    async storedWith(text) {
      const rows: { n: number | string }[] = await t.dataSource.query('SELECT COUNT(*) AS n FROM posts WHERE `groups` LIKE ?', [`%${text}%`]);
      return Number(rows[0]!.n);
    },
    async close() {
      proxy.release();
      await proxy.start().catch(() => undefined);
      await t.close();
      await proxy.stop();
    },
  };
}
