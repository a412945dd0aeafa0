/**
 * Whether whoever asked for the current operation has stopped waiting for it (an HTTP request
 * past its deadline). Carried by the async context, like the transaction, so no use case
 * passes it along; the unit of work asks it before committing.
 */
export interface Cancellation {
  /** Runs `work` on behalf of a caller that gives up when `signal` aborts. */
  within<T>(signal: AbortSignal, work: () => Promise<T>): Promise<T>;
  /** The signal of the caller the current async context works for, if any. */
  current(): AbortSignal | undefined;
}
