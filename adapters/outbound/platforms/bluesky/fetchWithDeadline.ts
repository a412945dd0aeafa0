import { type FetchFunction } from './sessionAgent';

/**
 * A fetch that gives up after `timeoutMs`, so a PDS that stops answering ends a call instead
 * of holding it: the publisher then reports what it can prove (docs/platforms.md, "publish
 * outcome unknown" for a request that was sent).
 */
export function fetchWithDeadline(fetch: FetchFunction, timeoutMs: number): FetchFunction {
  return (input, init) => {
    const deadline = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, deadline]) : deadline;
    return fetch(input, { ...init, signal });
  };
}
