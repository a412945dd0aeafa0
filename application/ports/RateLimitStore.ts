export interface RateLimitWindow {
  /** How many hits the key has had in the current window, this one included. */
  readonly count: number;
  /** When the current window ends. */
  readonly resetAt: Date;
}

/**
 * Counts hits per key in fixed windows. Adapters that share state (Redis) let
 * several service instances enforce one limit together.
 */
export interface RateLimitStore {
  hit(key: string, windowMs: number, now: Date): Promise<RateLimitWindow>;
  /** The hits the key has had in its current window, without adding one (0 when it has none). */
  count(key: string, now: Date): Promise<number>;
}
