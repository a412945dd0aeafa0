import net from 'node:net';

/**
 * The external servers some suites need. Outside CI a missing server skips its suite
 * with a visible note; in CI (CI=true) it fails the run, so nothing is skipped silently.
 */
const SHARED_MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
/**
 * `npm test` runs mocha's files in parallel worker processes (TEST_DATABASE_PER_WORKER=1): each
 * worker has a database of its own beside the one named (`test_w<pid>`), made by setup.ts's root
 * hook, since every suite on MariaDB starts by dropping the tables of the database it is given.
 * The files of one worker run one after another, as they all did on one database before.
 */
export const MYSQL_URL = process.env.TEST_DATABASE_PER_WORKER === '1' ? `${SHARED_MYSQL_URL}_w${process.pid}` : SHARED_MYSQL_URL;
export const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port) });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Call from a suite's `before`: skips (locally) or fails (in CI) when the server is down. */
export async function requireServer(ctx: Mocha.Context, name: 'MySQL' | 'Redis'): Promise<void> {
  const url = name === 'MySQL' ? MYSQL_URL : REDIS_URL;
  if (await reachable(url)) return;
  const message = `${name} is not reachable at ${url}`;
  if (process.env.CI === 'true') throw new Error(`${message}: in CI this suite must run`);
  console.warn(`      ⚠ skipped: ${message}`);
  ctx.skip();
}
