import { type Middleware } from 'koa';
import { type Cancellation } from '../../../../application/ports/Cancellation';
import { type Logger } from '../../../../application/ports/Logger';
import { type Timer, type Timers } from '../../../../application/ports/Timers';
import { DomainError } from '../../../../domain/shared/DomainError';
import { type AppState } from '../state';
import { RETRY_AFTER_S } from './unavailable';

export interface RequestDeadlineOptions {
  readonly timeoutMs: number;
  readonly cancellation: Cancellation;
  readonly logger: Logger;
  /** What the ceiling waits on: the service's, or a test's clock. */
  readonly timers: Timers;
}

/**
 * The most a request may take: past `timeoutMs` it answers 503 `request_timeout` (rendered by
 * its chain, with `Retry-After`) and its signal aborts, so a unit of work still running rolls
 * back instead of committing a change the client was told failed. The work left behind is not
 * awaited; its outcome has no one to go to.
 */
export function requestDeadline({ timeoutMs, cancellation, logger, timers }: RequestDeadlineOptions): Middleware<AppState> {
  return async (ctx, next) => {
    const controller = new AbortController();
    let timer: Timer | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = timers.after(timeoutMs, () => {
        controller.abort();
        logger.warn('request timed out', { requestId: ctx.state.requestId, method: ctx.method, path: ctx.path, timeoutMs });
        ctx.set('Retry-After', String(RETRY_AFTER_S));
        reject(new DomainError('unavailable', 'request_timeout', `the request took longer than ${timeoutMs} ms; retry in ${RETRY_AFTER_S} seconds`));
      });
    });
    const work = cancellation.within(controller.signal, () => next());
    work.catch(() => undefined);
    try {
      await Promise.race([work, expired]);
    } finally {
      timer?.cancel();
    }
  };
}
