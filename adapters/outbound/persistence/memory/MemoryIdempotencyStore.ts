import { type IdempotencyBegin, type IdempotencyStore, type StoredResponse } from '../../../../application/ports/IdempotencyStore';

interface Entry {
  readonly fingerprint: string;
  /** The lease's end while in progress, keepUntil once completed. */
  expiresAtMs: number;
  response: StoredResponse | null;
}

/**
 * Idempotency records in this process: for a single instance and the unit tests. `begin`
 * does its read and write with no await in between, so it is atomic on Node's one thread.
 */
export class MemoryIdempotencyStore implements IdempotencyStore {
  private readonly entries = new Map<string, Entry>();
  private nextSweepAtMs = 0;
  /** The latest `now` a begin was given: complete has no clock of its own. */
  private lastNowMs = 0;
  /** The longest a record was set to live (a lease or a replay time): how often to sweep. */
  private longestHoldMs = 0;

  async begin(scope: string, key: string, fingerprint: string, now: Date, leaseMs: number): Promise<IdempotencyBegin> {
    const nowMs = now.getTime();
    this.lastNowMs = Math.max(this.lastNowMs, nowMs);
    this.holding(leaseMs);
    this.sweep(nowMs);
    const id = idOf(scope, key);
    const held = this.entries.get(id);
    // A passed lease (a crashed request) or a passed keepUntil: the key is free again.
    if (held === undefined || held.expiresAtMs <= nowMs) {
      this.entries.set(id, { fingerprint, expiresAtMs: nowMs + leaseMs, response: null });
      return { outcome: 'started' };
    }
    if (held.fingerprint !== fingerprint) return { outcome: 'mismatch' };
    if (held.response === null) return { outcome: 'in_progress' };
    return { outcome: 'completed', response: { ...held.response } };
  }

  async complete(scope: string, key: string, response: StoredResponse, keepUntil: Date): Promise<void> {
    const held = this.entries.get(idOf(scope, key));
    if (held === undefined || held.response !== null) return;
    held.response = { ...response };
    held.expiresAtMs = keepUntil.getTime();
    this.holding(held.expiresAtMs - this.lastNowMs);
  }

  async abandon(scope: string, key: string): Promise<void> {
    const id = idOf(scope, key);
    // Only an in-progress record: a completed one is a result that must keep replaying.
    if (this.entries.get(id)?.response === null) this.entries.delete(id);
  }

  /**
   * The in-memory units of work keep what they wrote even when the request fails, and nothing
   * here outlives the process, so there is no commit to mark: the work simply runs.
   */
  markingEffects<T>(_scope: string, _key: string, _keepUntil: Date, work: () => Promise<T>): Promise<T> {
    return work();
  }

  /** How many records are held: lets tests see that expired ones go away. */
  get size(): number {
    return this.entries.size;
  }

  private holding(ms: number): void {
    if (ms > this.longestHoldMs) this.longestHoldMs = ms;
  }

  /**
   * At most once per longest hold (in practice the replay time), so memory follows recent
   * keys at an amortised O(1) per request.
   */
  private sweep(nowMs: number): void {
    if (nowMs < this.nextSweepAtMs) return;
    for (const [id, entry] of this.entries) {
      if (entry.expiresAtMs <= nowMs) this.entries.delete(id);
    }
    this.nextSweepAtMs = nowMs + this.longestHoldMs;
  }
}

// JSON keeps the pair unambiguous whatever characters either part holds.
const idOf = (scope: string, key: string): string => JSON.stringify([scope, key]);
