import { writeSync } from 'node:fs';
import { JsonLogger } from '../adapters/outbound/logging/JsonLogger';
import { flushLogsSync } from '../adapters/outbound/logging/logDestinations';

/**
 * A process that dies says why, as one JSON log line (credentials redacted like every other
 * line), written synchronously so it is out before the exit, after the lines the service's
 * asynchronous logger still held. An uncaught error leaves the process in an unknown state:
 * it is not carried on with, it ends with status 1 for the supervisor to restart
 * (docs/operating.md, "Running it for real"). No request may get here: every stream that
 * meets a client's bytes handles its own errors (docs/decisions.md, "Streams meeting a
 * client's bytes").
 */
export function logFatalErrors(processName: string): void {
  const logger = new JsonLogger('error', (line) => writeSync(2, `${line}\n`));
  process.on('uncaughtException', (error, origin) => {
    flushLogsSync();
    logger.error('process ending: uncaught error', {
      process: processName,
      origin,
      error: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
      stack: error instanceof Error ? error.stack : undefined,
    });
    process.exit(1);
  });
}
