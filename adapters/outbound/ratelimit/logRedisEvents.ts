import { type Redis } from 'ioredis';
import { type Logger } from '../../../application/ports/Logger';

/**
 * The client's connection errors as JSON log lines. Without an 'error' listener ioredis prints
 * "[ioredis] Unhandled error event" in plain text on every reconnection attempt; with this one
 * an outage is one error line when it starts (later attempts at debug) and one line when the
 * server answers again. Requests meanwhile get 503s (docs/decisions.md, "Rate limits").
 */
export function logRedisEvents(redis: Redis, logger: Logger, role: string): void {
  let failing = false;
  redis.on('error', (error: Error) => {
    const fields = { redis: role, error: `${error.name}: ${error.message}`, code: (error as NodeJS.ErrnoException).code };
    if (failing) {
      logger.debug('redis still unreachable', fields);
      return;
    }
    failing = true;
    logger.error('redis unreachable', fields);
  });
  redis.on('ready', () => {
    if (failing) logger.info('redis reachable again', { redis: role });
    failing = false;
  });
}
