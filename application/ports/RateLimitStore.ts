export interface RateLimitWindow {
  /** How many hits the key has had in the current window, this one included. */
  readonly count: number;
  /** When the current window ends. */
  readonly resetAt: Date;
}

/** A window as a store holding its counts in this process keeps it: read at once, before the store's next call. */
export interface RateLimitCount {
  readonly count: number;
  /** When the window ends, in milliseconds since the epoch. */
  readonly resetAtMs: number;
}

/**
 * Counts hits per key in fixed windows. Adapters that share state (Redis) let
 * several service instances enforce one limit together.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, now: Date): Promise<RateLimitWindow>;
  /** The hits the key has had in its current window, without adding one (0 when it has none). */
  count(key: string, now: Date): Promise<number>;
  /**
   * The same as `hit`, answered at once by a store that keeps its counts in this process
   * (absent on one that must ask a server): the rate limiter's hot path then waits for nothing
   * and allocates nothing per hit (docs/performance.md, "Issue 25: reads on prepared statements").
   */
  hitNow?(key: string, windowMs: number, nowMs: number): RateLimitCount;
}
