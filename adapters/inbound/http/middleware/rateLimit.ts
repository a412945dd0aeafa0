import type Koa from 'koa';
import { type Clock } from '../../../../application/ports/Clock';
import { type RateLimitStore, type RateLimitWindow } from '../../../../application/ports/RateLimitStore';
import { type Credential } from '../../../../domain/credential/Credential';
import { DomainError } from '../../../../domain/shared/DomainError';

export interface RateLimitOptions {
  readonly store: RateLimitStore;
  /** Requests allowed per credential in one window. */
  readonly limit: number;
  readonly windowMs: number;
  readonly clock: Clock;
  /** Counts a surface's requests apart from the JSON API's (e.g. `oauth`); absent for the API itself. */
  readonly bucket?: string;
}

/** Long enough for a restarting Redis, short enough that clients come back soon. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/**
 * Counts every authenticated request per credential in fixed windows and refuses the
 * ones over the limit with 429; requests without a valid credential count per client address.
 */
export function rateLimit({ store, limit, windowMs, clock, bucket }: RateLimitOptions): Koa.Middleware {
  // Checked once at start: a bad limit would otherwise surface as a 503 on every request.
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`rate limit must be a positive integer, got ${limit}`);
  if (!Number.isInteger(windowMs) || windowMs < 1) {
    throw new RangeError(`rate limit window must be a positive integer of milliseconds, got ${windowMs}`);
  }

  return async (ctx, next) => {
    const credential = ctx.state.credential as Credential | undefined;
    // Without a valid credential (none sent, or a refused one) the client address is counted,
    // so guessing tokens is limited like any other traffic.
    const counted = credential ? `${credential.kind}:${credential.id}` : `client:${ctx.ip}`;
    const key = bucket === undefined ? counted : `${bucket}:${counted}`;

    const now = clock.now();
    let window: RateLimitWindow;
    try {
      window = await store.hit(key, windowMs, now);
    } catch (cause) {
      // Letting requests through unlimited would be silently wrong; refusing them all
      // with a clear, retryable 503 keeps the limit honest while the store is down.
      ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
      const error = new DomainError(
        'unavailable',
        'rate_limiter_unavailable',
        `The rate limiter is unavailable; retry in ${UNAVAILABLE_RETRY_AFTER_S} seconds`,
      );
      error.cause = cause; // kept for the logs, never shown to the client
      throw error;
    }

    const resetSeconds = Math.max(0, Math.ceil((window.resetAt.getTime() - now.getTime()) / 1000));
    ctx.set('RateLimit-Limit', String(limit));
    ctx.set('RateLimit-Remaining', String(Math.max(0, limit - window.count)));
    ctx.set('RateLimit-Reset', String(resetSeconds));

    if (window.count > limit) {
      // A window ending within the current second still needs the client to wait.
      const retryAfter = Math.max(1, resetSeconds);
      ctx.set('Retry-After', String(retryAfter));
      throw new DomainError('rate_limited', 'rate_limited', `Rate limit of ${limit} requests reached; retry in ${retryAfter} seconds`);
    }
    await next();
  };
}
