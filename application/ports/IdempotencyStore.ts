export interface StoredResponse {
  readonly status: number;
  readonly contentType: string | null;
  /** The exact bytes first sent, replayed unchanged. */
  readonly body: string;
}

export type IdempotencyBegin =
  | { readonly outcome: 'started' }
  | { readonly outcome: 'in_progress' }
  | { readonly outcome: 'mismatch' }
  | { readonly outcome: 'completed'; readonly response: StoredResponse };

/**
 * Remembers requests by (scope, key) for a time, shared by every instance.
 * `begin` is atomic: of two concurrent callers with the same key exactly one gets `started`.
 */
export interface IdempotencyStore {
  begin(scope: string, key: string, fingerprint: string, now: Date, ttlMs: number): Promise<IdempotencyBegin>;
  complete(scope: string, key: string, response: StoredResponse): Promise<void>;
  /** Forgets a started request that failed without a result worth replaying (a 5xx). */
  abandon(scope: string, key: string): Promise<void>;
}
