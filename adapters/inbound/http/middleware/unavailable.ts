import { type Context } from 'koa';
import { type Logger } from '../../../../application/ports/Logger';
import { type DomainError } from '../../../../domain/shared/DomainError';

/** Seconds a client is asked to wait when a 503 names no time of its own. */
export const RETRY_AFTER_S = 5;

/**
 * Logged where they arise, once per outage or once per request without a stack: the database
 * (the persistence adapter's AvailabilityLog) and a request past its deadline (requestDeadline).
 */
const REPORTED_ELSEWHERE = new Set(['database_unavailable', 'request_timeout']);

/** What every chain's renderer adds to a 503: `Retry-After`, and a log line unless one was written already. */
export function adviseRetry(ctx: Context, error: DomainError, logger: Logger): void {
  if (!ctx.response.get('Retry-After')) ctx.set('Retry-After', String(RETRY_AFTER_S));
  if (REPORTED_ELSEWHERE.has(error.code)) return;
  logger.warn('dependency unavailable', {
    requestId: ctx.state.requestId,
    code: error.code,
    cause: String((error as { cause?: unknown }).cause ?? ''),
  });
}
