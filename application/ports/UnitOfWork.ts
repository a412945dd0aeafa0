/**
 * Runs work atomically: every repository and queue write inside `run` commits together
 * or not at all. Adapters carry the transaction implicitly (no handle to pass around).
 */
export interface UnitOfWork {
  /**
   * True when a failure inside `run` really rolls back what was written before it (a
   * database); false for the in-memory adapters, which keep it. Work that may fail halfway
   * and be done again another way (the engine's batches) relies on it.
   */
  readonly atomic: boolean;
  run<T>(work: () => Promise<T>): Promise<T>;
  /**
   * As `run`, for work that changes many rows of the same kinds (the publishing engine's
   * rounds): the adapter may hold the writes nothing in the work reads back until the end and
   * send them together, one statement per table. A conditional write (a job's lease) that
   * then no longer holds fails the whole unit, which rolls back where `atomic`.
   */
  runSetWise<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs work as `run` does, then undoes it whatever it did: its result (or its error) is
   * returned and nothing it wrote is kept (a dry run). Opened on its own, never inside another
   * unit, whose writes it would undo too. Where `atomic` is false nothing can be undone, so
   * the work itself must leave nothing behind (PostRehearsal lets go of the slots it took).
   */
  rehearse<T>(work: () => Promise<T>): Promise<T>;
}
