/** A signed-in session: a browser's cookie (its token hashed) or a first-party session token (by id). */
export interface SessionRecord {
  readonly id: string;
  readonly userId: string;
  /** SHA-256 of a browser session's cookie; null for a session token (which carries the id, signed). */
  readonly tokenHash: string | null;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly revokedAt: Date | null;
}

/** Where sessions live, so signing out or revoking ends one before its expiry. */
export interface SessionStore {
  create(session: SessionRecord): Promise<void>;
  find(id: string): Promise<SessionRecord | null>;
  findByTokenHash(tokenHash: string): Promise<SessionRecord | null>;
  revoke(id: string, at: Date): Promise<void>;
  /** Revokes every live session of a user (a password reset); resolves to how many it ended. */
  revokeAllOf(userId: string, at: Date): Promise<number>;
  /** Removes sessions that ended (expired or revoked) before `before`. */
  sweep(before: Date): Promise<number>;
}

export const isSessionLive = (session: SessionRecord | null, now: Date): session is SessionRecord =>
  session !== null && session.revokedAt === null && now < session.expiresAt;
