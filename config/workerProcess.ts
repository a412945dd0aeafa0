import { compose, type CompositionOptions } from './container';
import { ConfigError, loadConfig, type Config } from './env';
import { logFatalErrors } from './fatalErrors';
import { buildFiguresCollection, buildHousekeeping, buildPublishingWorker, buildWebhookDelivery, exitOnSignals } from './publishingWorker';

/**
 * A process that runs a publishing worker alone (`npm run worker`), with no HTTP server:
 * any number of them, beside any number of API processes, share one MySQL/MariaDB
 * database. `options` lets a test entry swap the platform publishers.
 */
export async function runWorkerProcess(options: CompositionOptions = {}): Promise<void> {
  logFatalErrors('worker');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`dispatch worker: configuration error: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const composition = await compose(config, options);
  const worker = buildPublishingWorker(composition);
  const housekeeping = buildHousekeeping(composition);
  const webhooks = buildWebhookDelivery(composition);
  const figures = buildFiguresCollection(composition);
  exitOnSignals(composition, () => Promise.all([worker.stop(config.worker.drainMs), housekeeping.stop(), webhooks.stop(), figures.stop()]));
  worker.start();
  housekeeping.start();
  webhooks.start();
  figures.start();
}

/** Ends the process with a readable line when the worker cannot start (the database unreachable, …). */
export function failedToStart(error: unknown): never {
  process.stderr.write(`dispatch worker: failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
