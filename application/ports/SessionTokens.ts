export interface SessionClaims {
  readonly userId: string;
  readonly sessionId: string;
}

/**
 * A session token this service signed, but for another base URL: issued where BASE_URL (or
 * PORT, which gives its default) was not the service's.
 */
export interface SessionForAnotherBaseUrl {
  /** The base URL the token names as its issuer and audience. */
  readonly issuedFor: string;
  /** This service's base URL, the one a token must name. */
  readonly servedBy: string;
}

/** Signs and verifies the service's own first-party session tokens. */
export interface SessionTokens {
  issue(claims: SessionClaims, ttlSeconds: number): Promise<{ token: string; expiresAt: Date }>;
  /**
   * Resolves the claims; which base URL, for a token signed by this service's keys for another
   * one; or null for a token that is not a valid, unexpired session.
   */
  verify(token: string): Promise<SessionClaims | SessionForAnotherBaseUrl | null>;
}

export const isForAnotherBaseUrl = (verified: SessionClaims | SessionForAnotherBaseUrl): verified is SessionForAnotherBaseUrl => 'issuedFor' in verified;
