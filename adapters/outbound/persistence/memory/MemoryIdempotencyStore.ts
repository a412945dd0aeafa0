import { injectable } from 'inversify';
import { type IdempotencyBegin, type IdempotencyStore, type StoredResponse } from '../../../../application/ports/IdempotencyStore';

interface Entry {
  readonly fingerprint: string;
  readonly expiresAtMs: number;
  response: StoredResponse | null;
}

/**
 * Idempotency records in this process: for a single instance and the unit tests. `begin`
 * does its read and write with no await in between, so it is atomic on Node's one thread.
 */
@injectable()
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();
  private nextSweepAtMs = 0;

  async begin(scope: string, key: string, fingerprint: string, now: Date, ttlMs: number): Promise<IdempotencyBegin> {
    this.sweep(now.getTime(), ttlMs);
    const id = idOf(scope, key);
    const held = this.entries.get(id);
    if (held === undefined || held.expiresAtMs <= now.getTime()) {
      this.entries.set(id, { fingerprint, expiresAtMs: now.getTime() + ttlMs, response: null });
      return { outcome: 'started' };
    }
    if (held.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    if (held.response === null) return { outcome: 'in_progress' };
    return { outcome: 'completed', response: { ...held.response } };
  }

  async complete(scope: string, key: string, response: StoredResponse): Promise<void> {
    const held = this.entries.get(idOf(scope, key));
    if (held !== undefined && held.response === null) held.response = { ...response };
  }

  async abandon(scope: string, key: string): Promise<void> {
    const id = idOf(scope, key);
    // Only an in-progress record: a completed one is a result that must keep replaying.
    if (this.entries.get(id)?.response === null) this.entries.delete(id);
  }

  /** How many records are held: lets tests see that expired ones go away. */
  get size(): number {
    return this.entries.size;
  }

  /** At most once per TTL, so memory follows recent keys at an amortised O(1) per request. */
  private sweep(nowMs: number, ttlMs: number): void {
    if (nowMs < this.nextSweepAtMs) return;
    for (const [id, entry] of this.entries) {
      if (entry.expiresAtMs <= nowMs) this.entries.delete(id);
    }
    this.nextSweepAtMs = nowMs + ttlMs;
  }
}

// JSON keeps the pair unambiguous whatever characters either part holds.
const idOf = (scope: string, key: string): string => JSON.stringify([scope, key]);
