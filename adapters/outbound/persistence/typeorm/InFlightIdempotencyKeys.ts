import { type IdempotencyBegin, type IdempotencyStore, type StoredResponse } from '../../../../application/ports/IdempotencyStore';

interface Claim {
  readonly fingerprint: string;
  readonly leaseEndsAtMs: number;
}

/**
 * The keys this process's requests hold, answered without a statement. On SQLite a statement
 * waits while another caller's transaction holds the one connection (SqliteGate): a duplicate
 * sent while the first request's unit of work runs would wait for it to end and then replay
 * its answer, instead of the 409 `idempotency_key_in_use` docs/product.md promises. SQLite is
 * one process's database, so the keys held in this process are all the keys running; the
 * wrapped store remains the record of every answer.
 */
export class InFlightIdempotencyKeys implements IdempotencyStore {
  private readonly running = new Map<string, Claim>();

  constructor(private readonly store: IdempotencyStore) {}

  async begin(scope: string, key: string, fingerprint: string, now: Date, leaseMs: number): Promise<IdempotencyBegin> {
    const id = idOf(scope, key);
    const claim = this.running.get(id);
    // Past its lease a claim counts as gone, as the store's own record does (IdempotencyStore).
    if (claim !== undefined && claim.leaseEndsAtMs > now.getTime()) {
      return claim.fingerprint === fingerprint ? { outcome: 'in_progress' } : { outcome: 'mismatch' };
    }
    // Taken before the first await, so of concurrent callers only one goes on to the store.
    const mine: Claim = { fingerprint, leaseEndsAtMs: now.getTime() + leaseMs };
    this.running.set(id, mine);
    try {
      const begun = await this.store.begin(scope, key, fingerprint, now, leaseMs);
      if (begun.outcome !== 'started') this.release(id, mine);
      return begun;
    } catch (error) {
      this.release(id, mine);
      throw error;
    }
  }

  async complete(scope: string, key: string, response: StoredResponse, keepUntil: Date): Promise<void> {
    try {
      await this.store.complete(scope, key, response, keepUntil);
    } finally {
      this.running.delete(idOf(scope, key));
    }
  }

  async abandon(scope: string, key: string): Promise<void> {
    try {
      await this.store.abandon(scope, key);
    } finally {
      this.running.delete(idOf(scope, key));
    }
  }

  markingEffects<T>(scope: string, key: string, keepUntil: Date, work: () => Promise<T>): Promise<T> {
    return this.store.markingEffects(scope, key, keepUntil, work);
  }

  /** Only the caller's own claim: one taken over after its lease belongs to another request. */
  private release(id: string, claim: Claim): void {
    if (this.running.get(id) === claim) this.running.delete(id);
  }
}

const idOf = (scope: string, key: string): string => JSON.stringify([scope, key]);
