import type Koa from 'koa';
import { type Clock } from '../../../../application/ports/Clock';
import { type RateLimitStore, type RateLimitWindow } from '../../../../application/ports/RateLimitStore';
import { type Credential } from '../../../../domain/credential/Credential';
import { DomainError } from '../../../../domain/shared/DomainError';
import { type Budget, budgetsOf } from './rateLimitBudgets';

export interface RateLimitOptions {
  readonly store: RateLimitStore;
  /** Requests allowed per credential (or, without a valid one, per client address) in one window. */
  readonly limit: number;
  /**
   * Requests allowed per person and workspace in one window, whatever credentials they use;
   * absent: no such counter.
   */
  readonly perUserLimit?: number;
  readonly windowMs: number;
  readonly clock: Clock;
  /** Counts a surface's requests apart from the JSON API's (e.g. `oauth`); absent for the API itself. */
  readonly bucket?: string;
}

/** Long enough for a restarting Redis, short enough that clients come back soon. */
const UNAVAILABLE_RETRY_AFTER_S = 5;

/** A budget's state after this request's hit. */
interface Charged {
  readonly limit: number;
  readonly remaining: number;
  readonly resetSeconds: number;
  readonly exhausted: boolean;
}

/**
 * Counts every authenticated request per credential and per person in fixed windows, and
 * refuses the ones over either limit with 429; requests without a valid credential count per
 * client address. The RateLimit headers describe the tighter budget (the fewer remaining).
 */
export function rateLimit({ store, limit, perUserLimit, windowMs, clock, bucket }: RateLimitOptions): Koa.Middleware {
  // Checked once at start: a bad limit would otherwise surface as a 503 on every request.
  assertPositiveInteger(limit, 'rate limit');
  if (perUserLimit !== undefined) assertPositiveInteger(perUserLimit, 'per-user rate limit');
  assertPositiveInteger(windowMs, 'rate limit window (milliseconds)');

  return async (ctx, next) => {
    const credential = ctx.state.credential as Credential | undefined;
    // Without a valid credential (none sent, or a refused one) the client address is counted,
    // so guessing tokens is limited like any other traffic.
    const budgets = budgetsOf(credential, ctx.ip, ctx.path, { perCredential: limit, perUser: perUserLimit });
    const now = clock.now();
    const charged = await chargeOrUnavailable(ctx, () => Promise.all(budgets.map((budget) => charge(store, budget, windowMs, now))));

    const tightest = charged.reduce((a, b) => (b.remaining < a.remaining ? b : a));
    ctx.set('RateLimit-Limit', String(tightest.limit));
    ctx.set('RateLimit-Remaining', String(tightest.remaining));
    ctx.set('RateLimit-Reset', String(tightest.resetSeconds));

    const exhausted = charged.filter((c) => c.exhausted);
    if (exhausted.length > 0) {
      // Every exhausted budget must have reset before a request can pass; a window ending
      // within the current second still needs the client to wait.
      const retryAfter = Math.max(1, ...exhausted.map((c) => c.resetSeconds));
      ctx.set('Retry-After', String(retryAfter));
      const lowest = Math.min(...exhausted.map((c) => c.limit));
      throw new DomainError('rate_limited', 'rate_limited', `Rate limit of ${lowest} requests reached; retry in ${retryAfter} seconds`);
    }
    await next();
  };

  function keyOf(budget: Budget): string {
    return bucket === undefined ? budget.key : `${bucket}:${budget.key}`;
  }

  async function charge(rateLimits: RateLimitStore, budget: Budget, window: number, now: Date): Promise<Charged> {
    const hit: RateLimitWindow = await rateLimits.hit(keyOf(budget), window, now);
    return {
      limit: budget.limit,
      remaining: Math.max(0, budget.limit - hit.count),
      resetSeconds: Math.max(0, Math.ceil((hit.resetAt.getTime() - now.getTime()) / 1000)),
      exhausted: hit.count > budget.limit,
    };
  }
}

async function chargeOrUnavailable<T>(ctx: Koa.Context, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (cause) {
    // Letting requests through unlimited would be silently wrong; refusing them all
    // with a clear, retryable 503 keeps the limit honest while the store is down.
    ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
    const error = new DomainError('unavailable', 'rate_limiter_unavailable', `The rate limiter is unavailable; retry in ${UNAVAILABLE_RETRY_AFTER_S} seconds`);
    error.cause = cause; // kept for the logs, never shown to the client
    throw error;
  }
}

function assertPositiveInteger(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${what} must be a positive integer, got ${value}`);
}
