/**
 * A local agent's sign-in to one Dispatch service (docs/agents.md, "Local agents over stdio"):
 * the tokens the device flow gave for the service's MCP server, kept between runs of the bridge.
 */
export interface StoredSignIn {
  /** The service's base URL, the key the sign-in is kept under. */
  readonly baseUrl: string;
  /** The registered client the tokens were issued to: a refresh must come from it. */
  readonly clientId: string;
  /** The resource the tokens are bound to (RFC 8707): the service's MCP server. */
  readonly resource: string;
  readonly accessToken: string;
  readonly accessTokenExpiresAt: Date;
  /** Rotated on every refresh: the latest one must be kept, the previous one is spent. */
  readonly refreshToken: string | null;
  readonly scope: string;
  readonly signedInAt: Date;
}

/** Where the sign-ins are kept, one per base URL, readable by this user only. */
export interface StoredSignIns {
  /** Where they are, for messages (a path). */
  readonly location: string;
  find(baseUrl: string): Promise<StoredSignIn | null>;
  /** Replaces the sign-in of its base URL, all or nothing. */
  save(signIn: StoredSignIn): Promise<void>;
  /** False when there was none. */
  remove(baseUrl: string): Promise<boolean>;
  /**
   * Runs `work` while no other process of this user does: a refresh token is spent by its use,
   * so two bridges refreshing with the same one would end the sign-in (a reuse revokes the family).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
}
