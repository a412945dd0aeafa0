import { type IdempotencyBegin, type IdempotencyStore, type StoredResponse } from '../../../../application/ports/IdempotencyStore';

/** What the decorator needs of a write lock (WriteLock, or noWriteLock where none is needed). */
export interface WriteLocking {
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Runs every call of an idempotency store under the database's write lock, each call a
 * critical section of its own. For SQLite: TypeORM runs all its queries on one connection,
 * and the idempotency middleware claims a key BEFORE the request takes the lock for its
 * handler, so without this a claim could land inside another request's open transaction,
 * and vanish with its rollback (or commit with it, half-done). The lock is never held across
 * a request: only for the store's own few statements. It is not reentrant: calling this store
 * from work already holding the lock would wait for itself forever.
 */
export class WriteLockedIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly inner: IdempotencyStore,
    private readonly lock: WriteLocking,
  ) {}

  begin(scope: string, key: string, fingerprint: string, now: Date, leaseMs: number): Promise<IdempotencyBegin> {
    return this.lock.run(() => this.inner.begin(scope, key, fingerprint, now, leaseMs));
  }

  complete(scope: string, key: string, response: StoredResponse, keepUntil: Date): Promise<void> {
    return this.lock.run(() => this.inner.complete(scope, key, response, keepUntil));
  }

  abandon(scope: string, key: string): Promise<void> {
    return this.lock.run(() => this.inner.abandon(scope, key));
  }
}
