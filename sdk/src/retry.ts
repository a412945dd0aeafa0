/** Time as the SDK sees it: injectable, so tests wait for nothing and see what was asked for. */
export interface Clock {
  /** Milliseconds since the epoch (reads Retry-After's HTTP dates). */
  now(): number;
  /** Resolves after `ms`; rejects when `signal` aborts first. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', abort);
        resolve();
      }, ms);
      const abort = () => {
        clearTimeout(timer);
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', abort, { once: true });
    }),
};

export interface RetryOptions {
  /** Attempts in all, the first included (default 3); 1 never retries. */
  readonly maxAttempts?: number;
  /** The longest wait the SDK makes for one retry (default 60 s): an answer asking for longer is returned (thrown) as it is. */
  readonly maxDelayMs?: number;
  /** The statuses retried (default 429 and 503: the service says when, and keeps nothing under the Idempotency-Key). */
  readonly statuses?: readonly number[];
}

export const DEFAULT_RETRY = { maxAttempts: 3, maxDelayMs: 60_000, statuses: [429, 503] } as const;

/**
 * The wait a Retry-After asks for, in milliseconds: delay-seconds or an HTTP date (RFC 9110
 * §10.2.3); undefined when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** When Retry-After is missing: 1 s, 2 s, 4 s … */
export const backoffMs = (attempt: number): number => 1000 * 2 ** (attempt - 1);
