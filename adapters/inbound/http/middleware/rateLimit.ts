import type Koa from 'koa';
import { type Clock } from '../../../../application/ports/Clock';
import { type RateLimitStore } from '../../../../application/ports/RateLimitStore';
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

/**
 * This request's budgets after its hits, as the headers and the refusal need them: the tighter
 * budget (the fewer remaining; the first on a tie) and, of those exhausted, the longest wait and
 * the lowest limit. Filled one budget at a time (the budgets' hits never collected in arrays).
 */
class Tally {
  limit = 0;
  remaining = Number.POSITIVE_INFINITY;
  resetSeconds = 0;
  exhausted = false;
  retryAfter = 1;
  lowestExhausted = Number.POSITIVE_INFINITY;

  add(limit: number, count: number, resetAtMs: number, nowMs: number): void {
    const remaining = Math.max(0, limit - count);
    const resetSeconds = Math.max(0, Math.ceil((resetAtMs - nowMs) / 1000));
    if (remaining < this.remaining) {
      this.limit = limit;
      this.remaining = remaining;
      this.resetSeconds = resetSeconds;
    }
    if (count > limit) {
      this.exhausted = true;
      // Every exhausted budget must have reset before a request can pass; a window ending
      // within the current second still needs the client to wait.
      this.retryAfter = Math.max(this.retryAfter, resetSeconds);
      this.lowestExhausted = Math.min(this.lowestExhausted, limit);
    }
  }
}

/**
 * Counts every authenticated request per credential and per person in fixed windows, and
 * refuses the ones over either limit with 429; requests without a valid credential count per
 * client address. The RateLimit headers describe the tighter budget (the fewer remaining).
 * A store that counts in this process (hitNow) is charged at once, without waiting.
 */
export function rateLimit({ store, limit, perUserLimit, windowMs, clock, bucket }: RateLimitOptions): Koa.Middleware {
  // Checked once at start: a bad limit would otherwise surface as a 503 on every request.
  assertPositiveInteger(limit, 'rate limit');
  if (perUserLimit !== undefined) assertPositiveInteger(perUserLimit, 'per-user rate limit');
  assertPositiveInteger(windowMs, 'rate limit window (milliseconds)');
  const keyOf = (budget: Budget): string => (bucket === undefined ? budget.key : `${bucket}:${budget.key}`);

  return async (ctx, next) => {
    const credential = ctx.state.credential as Credential | undefined;
    // Without a valid credential (none sent, or a refused one) the client address is counted,
    // so guessing tokens is limited like any other traffic.
    const budgets = budgetsOf(credential, ctx.request.ip, ctx.path, { perCredential: limit, perUser: perUserLimit });
    const now = clock.now();
    const nowMs = now.getTime();
    const tally = new Tally();
    if (store.hitNow !== undefined) {
      try {
        for (const budget of budgets) {
          const hit = store.hitNow(keyOf(budget), windowMs, nowMs);
          tally.add(budget.limit, hit.count, hit.resetAtMs, nowMs);
        }
      } catch (cause) {
        throw unavailable(ctx, cause);
      }
    } else {
      const hits = await chargeOrUnavailable(ctx, () => Promise.all(budgets.map((budget) => store.hit(keyOf(budget), windowMs, now))));
      for (let i = 0; i < budgets.length; i++) tally.add(budgets[i]!.limit, hits[i]!.count, hits[i]!.resetAt.getTime(), nowMs);
    }

    const headers = ctx.res;
    headers.setHeader('RateLimit-Limit', String(tally.limit));
    headers.setHeader('RateLimit-Remaining', String(tally.remaining));
    headers.setHeader('RateLimit-Reset', String(tally.resetSeconds));
    if (tally.exhausted) {
      headers.setHeader('Retry-After', String(tally.retryAfter));
      throw new DomainError('rate_limited', 'rate_limited', `Rate limit of ${tally.lowestExhausted} requests reached; retry in ${tally.retryAfter} seconds`);
    }
    await next();
  };
}

async function chargeOrUnavailable<T>(ctx: Koa.Context, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (cause) {
    throw unavailable(ctx, cause);
  }
}

/**
 * Letting requests through unlimited would be silently wrong; refusing them all with a clear,
 * retryable 503 keeps the limit honest while the store is down.
 */
function unavailable(ctx: Koa.Context, cause: unknown): DomainError {
  ctx.set('Retry-After', String(UNAVAILABLE_RETRY_AFTER_S));
  const error = new DomainError('unavailable', 'rate_limiter_unavailable', `The rate limiter is unavailable; retry in ${UNAVAILABLE_RETRY_AFTER_S} seconds`);
  error.cause = cause; // kept for the logs, never shown to the client
  return error;
}

function assertPositiveInteger(value: number, what: string): void {
  if (!Number.isInteger(value) || value < 1) throw new RangeError(`${what} must be a positive integer, got ${value}`);
}
