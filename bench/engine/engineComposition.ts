import { type Composition, compose } from '../../config/container';
import { loadConfig } from '../../config/env';
import { TOKENS as T } from '../../config/tokens';
import { TimedCallPublisher } from './timedCallPublisher';

/** The secret key the bench's composition and its worker processes share. */
export const ENGINE_SECRET_KEY = 'bench-engine-secret-bench-engine-0123456789';

/**
 * The real composition on the bench database, built only from env as `npm start` builds it,
 * every platform's publisher replaced by the zero-latency one logging to `callLog`: the
 * seeding, the checks, the queue baseline and (on SQLite) the in-process worker run on it.
 */
export function engineComposition(databaseEnv: Record<string, string>, callLog: string): Promise<Composition> {
  // Private addresses allowed: the webhook row subscribes a loopback URL (docs/webhooks.md).
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    SECRET_KEY: ENGINE_SECRET_KEY,
    BOOTSTRAP: 'false',
    OUTBOUND_ALLOW_PRIVATE_ADDRESSES: 'true',
    ...databaseEnv,
  });
  const publisher = new TimedCallPublisher(callLog);
  return compose(config, {
    replace: (w) => w.replace(T.PlatformPublishers, publisher),
  });
}
