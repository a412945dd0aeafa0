/**
 * Tokens whose signature and claims were checked, kept until they expire: a client sends the
 * same token on every request for its lifetime, and an ES256 check costs more than the rest of
 * a cheap request. Only a token that verified is kept (its exact text is the key), and what is
 * not the signature's business — a revoked family, a live role — is still checked every time.
 * Bounded: past `maxEntries` the oldest go first.
 */
export class VerifiedTokens<T extends { readonly expiresAt: Date }> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly maxEntries = 10_000) {}

  get(token: string, now: Date): T | null {
    const found = this.entries.get(token);
    if (found === undefined) return null;
    if (now >= found.expiresAt) {
      this.entries.delete(token);
      return null;
    }
    return found;
  }

  keep(token: string, verified: T): T {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(token, verified);
    return verified;
  }
}
