export interface SessionClaims {
  readonly userId: string;
  readonly sessionId: string;
}

/** Signs and verifies the service's own first-party session tokens. */
export interface SessionTokens {
  issue(claims: SessionClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }>;
  /** Resolves the claims, or null for a token that is not a valid, unexpired session. */
  verify(token: string): Promise<SessionClaims | null>;
}
