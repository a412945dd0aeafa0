import net from 'node:net';

/**
 * The external servers some suites need. Outside CI a missing server skips its suite
 * with a visible note; in CI (CI=true) it fails the run, so nothing is skipped silently.
 */
export const MYSQL_URL = process.env.TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
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
