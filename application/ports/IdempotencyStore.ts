export interface StoredResponse {
  readonly status: number;
  readonly contentType: string | null;
  /** The exact bytes first sent, replayed unchanged. */
  readonly body: string;
  /** The ETag first sent (an answer about one post), replayed with it; absent when there was none. */
  readonly etag?: string;
}

export type IdempotencyBegin =
  | { readonly outcome: 'started' }
  | { readonly outcome: 'in_progress' }
  | { readonly outcome: 'mismatch' }
  /**
   * The request under the key took effect (a unit of work it ran committed), but its answer
   * was never stored: the process stopped, or the request failed after committing. Running it
   * again could do it twice, so the key answers this until it expires.
   */
  | { readonly outcome: 'took_effect' }
  | { readonly outcome: 'completed'; readonly response: StoredResponse };

/**
 * Remembers requests by (scope, key), shared by every instance.
 * `begin` is atomic: of two concurrent callers with the same key exactly one gets `started`.
 *
 * A record lives in two phases with two lifetimes:
 * - in progress, held by a short LEASE (`begin`'s `leaseMs`). Were it kept as long as a
 *   result, an instance crashing (or killed) mid-request would leave the key "in progress"
 *   for a day, and every honest retry would get a 409 with no way to finish. Once the lease
 *   has passed the record is treated as gone: the next `begin` takes it over (`started`),
 *   whatever request it carries, exactly like an expired completed record.
 * - took effect: a unit of work the request ran (see `markingEffects`) committed. Kept until
 *   `keepUntil` like a result, and no longer taken over when its lease passes: a request that
 *   changed something is never run a second time, even when its answer is lost.
 * - completed, kept for the replay time (`complete`'s `keepUntil`).
 *
 * The lease must exceed the longest any request can run (timeouts included). A request
 * still running when its lease passes loses the key: its retry would start and run the
 * operation a second time alongside it, and the store cannot tell whose `complete` lands.
 */
export interface IdempotencyStore {
  /**
   * Claims the key for a request, or tells who holds it. A new or taken-over record is in
   * progress until `now + leaseMs`; a record whose expiry is at or before `now` (a passed
   * lease or a passed `keepUntil`) counts as absent.
   */
  begin(scope: string, key: string, fingerprint: string, now: Date, leaseMs: number): Promise<IdempotencyBegin>;
  /**
   * Stores the final response of an in-progress record and keeps it, replayable, until
   * `keepUntil` (replacing the lease's end). A completed or abandoned record is left as it
   * is, and nothing is stored once the record is gone. A record taken over after its lease
   * belongs to a new request the store cannot tell from the old one: hence the lease rule.
   */
  complete(scope: string, key: string, response: StoredResponse, keepUntil: Date): Promise<void>;
  /**
   * Forgets a started request that failed without a result worth replaying (a 5xx), unless it
   * took effect: that record then answers `took_effect` at once, not only after its lease.
   */
  abandon(scope: string, key: string): Promise<void>;
  /**
   * Runs a started request's work so that every unit of work it commits also marks the record
   * as having taken effect (kept until `keepUntil`), in that unit's own transaction: the mark
   * exists exactly when the change does. A store whose records die with the process (memory)
   * may simply run the work.
   */
  markingEffects<T>(scope: string, key: string, keepUntil: Date, work: () => Promise<T>): Promise<T>;
}
