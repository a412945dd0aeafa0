import { type FixedClock } from '../fixedClock';

const OPENID_CLIENT = /node_modules[\\/]openid-client[\\/]/;

/**
 * Runs `run` with openid-client's waits on the injected clock: each timer openid-client sets
 * (the device flow's polling interval, in whole seconds) fires at once and moves `clock` on by
 * its delay, as if that time had passed; the service, on `clock`, sees the polls that far
 * apart. Every other timer (the service's, the HTTP client's, mocha's) keeps real time.
 */
export async function withClientWaitsOn<T>(clock: FixedClock, run: () => Promise<T>): Promise<T> {
  const realSetTimeout = globalThis.setTimeout;
  const onTheClock = (handler: (...args: unknown[]) => void, delay?: number, ...args: unknown[]) => {
    if (!delay || !OPENID_CLIENT.test(new Error().stack ?? '')) return realSetTimeout(handler, delay, ...args);
    return realSetTimeout(() => {
      clock.advance(delay);
      handler(...args);
    }, 0);
  };
  globalThis.setTimeout = onTheClock as typeof setTimeout;
  try {
    return await run();
  } finally {
    globalThis.setTimeout = realSetTimeout;
  }
}
