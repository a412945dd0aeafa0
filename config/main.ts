import 'reflect-metadata';
import { type AddressInfo } from 'node:net';
import { type FirstStartCredentials } from '../application/admin/BootstrapFirstStart';
import { type Composition, compose } from './container';
import { ConfigError, loadConfig, type Config } from './env';
import { logFatalErrors } from './fatalErrors';
import { recordServedBaseUrl } from './servedBaseUrl';
import { buildHttpServer } from './httpServer';
import { buildFiguresCollection, buildHousekeeping, buildPublishingWorker, buildWebhookDelivery, exitOnSignals } from './publishingWorker';
import { TOKENS } from './tokens';

async function main(): Promise<void> {
  logFatalErrors('service');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`dispatch: configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const composition = await compose(config);
  const logger = composition.get(TOKENS.Logger);
  const { port, host, baseUrl } = config.http;
  const server = buildHttpServer(composition);
  // The port first: a first start whose owner and key were made, then printed by a process
  // that cannot serve them (the port taken), would leave them to be found in a dead run's output.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // On any empty database, SQLite or MySQL/MariaDB, outside production (config.bootstrap); of
  // processes started at once on it, one makes the owner and prints it (BootstrapFirstStart).
  const firstStart = config.bootstrap ? await composition.get(TOKENS.BootstrapFirstStart).execute() : null;
  if (firstStart !== null) printFirstStart(firstStart, config);
  // The JWKS is never empty: a resource server fetching it before the first token caches a key it can use.
  await composition
    .get(TOKENS.KeyRing)
    .signingKey()
    .catch((error: unknown) => logger.warn('no signing key yet: it is made on first use', { error: String(error) }));
  // The operator CLI on this DATA_DIR issues session tokens for this base URL, whatever its own PORT.
  try {
    recordServedBaseUrl(config.secrets.dataDir, baseUrl);
  } catch (error) {
    logger.warn('the base URL could not be recorded in DATA_DIR: run the CLI with BASE_URL set', { baseUrl, error: String(error) });
  }
  // Announced once the first start's key can be used.
  const address = server.address() as AddressInfo;
  logger.info('listening', { url: baseUrl, host, port: address.port, database: config.database.kind });
  // The embedded default: one process serves the API and publishes (WORKER=off: the API alone).
  const worker = config.worker.enabled ? buildPublishingWorker(composition) : null;
  const housekeeping = config.worker.enabled ? buildHousekeeping(composition) : null;
  const webhooks = config.worker.enabled ? buildWebhookDelivery(composition) : null;
  const figures = config.worker.enabled ? buildFiguresCollection(composition) : null;
  exitOnSignals(composition, () =>
    Promise.all([
      new Promise<void>((resolve) => server.close(() => resolve())),
      worker?.stop(config.worker.drainMs),
      housekeeping?.stop(),
      webhooks?.stop(),
      figures?.stop(),
    ]),
  );
  worker?.start();
  housekeeping?.start();
  webhooks?.start();
  figures?.start();
  if (firstStart !== null && worker !== null) void showFirstPost(composition, firstStart);
}

/** The first post's pages, once the worker published it: something to open in a browser. */
async function showFirstPost(composition: Composition, firstStart: FirstStartCredentials): Promise<void> {
  const posts = composition.get(TOKENS.ReadPosts);
  for (let waited = 0; waited < 15_000; waited += 250) {
    const post = await posts.get(firstStart.workspaceId, firstStart.firstPostId).catch(() => null);
    if (post !== null && post.status !== 'publishing') {
      const pages = post.targets.map((t) => `  ${t.settings.platform.padEnd(9)} ${t.platformPostUrl ?? `not published: ${t.error ?? t.status}`}`);
      process.stderr.write(['', '  Your first post, published to the sandbox accounts (open one in a browser):', ...pages, '', ''].join('\n'));
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/**
 * Shown once, on the first start of an empty database: these secrets are not stored in clear.
 * On stderr, for the person at the terminal: stdout is the JSON log stream, which a shipper
 * keeps and forwards, and a password or key must never travel with it (docs/decisions.md, "Logs").
 */
function printFirstStart(c: FirstStartCredentials, config: Config): void {
  process.stderr.write(
    [
      '',
      '  Dispatch first start: a local owner and workspace were created.',
      `  Owner sign-in:  ${c.email}  /  ${c.password}`,
      `  Workspace id:   ${c.workspaceId}`,
      `  API key:        ${c.apiKey.secret}`,
      `  Sandbox accounts (publish here, nowhere else): ${c.sandboxConnections.map((s) => s.platform).join(', ')}`,
      '  (shown once; keep them now)',
      '',
      `  Try: curl -H "Authorization: Bearer ${c.apiKey.secret}" ${config.http.baseUrl}/v1/me`,
      '',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`dispatch: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
