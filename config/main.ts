import 'reflect-metadata';
import { type AddressInfo } from 'node:net';
import { type FirstStartCredentials } from '../application/admin/BootstrapFirstStart';
import { type BootstrapFirstStart } from '../application/admin/BootstrapFirstStart';
import { type Logger } from '../application/ports/Logger';
import { compose } from './container';
import { ConfigError, loadConfig, type Config } from './env';
import { buildHttpApp } from './httpApp';
import { TOKENS } from './tokens';

async function main(): Promise<void> {
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
  const logger = composition.container.get<Logger>(TOKENS.Logger);
  // Only the embedded database: a MySQL deployment is an operator's, set up with the CLI.
  if (config.bootstrap && config.database.kind === 'sqlite') {
    const firstStart = await composition.container.get<BootstrapFirstStart>(TOKENS.BootstrapFirstStart).execute();
    if (firstStart !== null) printFirstStart(firstStart, config);
  }
  const server = buildHttpApp(composition.container, config).listen(config.port, config.host, () => {
    const { port } = server.address() as AddressInfo;
    logger.info('listening', { url: config.baseUrl, host: config.host, port, database: config.database.kind });
  });
  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal });
    server.close(() => void composition.close().then(() => process.exit(0)));
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}

/** Shown once, on the first start of an empty database: these secrets are not stored in clear. */
function printFirstStart(c: FirstStartCredentials, config: Config): void {
  process.stdout.write(
    [
      '',
      '  Dispatch first start: a local owner and workspace were created.',
      `  Owner sign-in:  ${c.email}  /  ${c.password}`,
      `  Workspace id:   ${c.workspaceId}`,
      `  API key:        ${c.apiKey.secret}`,
      '  (shown once; keep them now)',
      '',
      `  Try: curl -H "Authorization: Bearer ${c.apiKey.secret}" ${config.baseUrl}/v1/me`,
      '',
      '',
    ].join('\n'),
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`dispatch: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
