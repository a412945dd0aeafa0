/**
 * Runs work atomically: every repository and queue write inside `run` commits together
 * or not at all. Adapters carry the transaction implicitly (no handle to pass around).
 */
export interface UnitOfWork {
  run<T>(work: () => Promise<T>): Promise<T>;
}
