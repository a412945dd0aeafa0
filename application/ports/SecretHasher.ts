/** One-way hashing of secrets: slow for passwords, fast for high-entropy tokens. */
export interface SecretHasher {
  hashPassword(password: string): Promise<string>;
  verifyPassword(password: string, hash: string): Promise<boolean>;
  /** Deterministic hash of a high-entropy token (an API key), safe to index. */
  hashToken(token: string): string;
  /** Constant-time comparison of a token against its stored hash. */
  tokenMatches(token: string, hash: string): boolean;
}
