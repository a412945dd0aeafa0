/**
 * One writer at a time. TypeORM runs every SQLite query on ONE connection, so two requests
 * writing at once would share a transaction: a rollback in one would undo the other's rows
 * (seen in practice). SQLite admits a single writer anyway, so queuing writers costs little.
 * MySQL has a connection per transaction and needs no such lock.
 */
export class WriteLock {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.tail.then(work, work);
    this.tail = result.catch(() => undefined);
    return result;
  }
}

/** The identity "lock" for databases with real per-transaction connections. */
export const noWriteLock = { run: <T>(work: () => Promise<T>): Promise<T> => work() };
