import { type SessionRecord, type SessionStore } from '../../../../application/ports/SessionStore';

/** Sessions in this process's memory: for the unit tests. */
export class MemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, SessionRecord>();

  async create(session: SessionRecord): Promise<void> {
    this.sessions.set(session.id, { ...session });
  }

  async find(id: string): Promise<SessionRecord | null> {
    return this.sessions.get(id) ?? null;
  }

  async findByTokenHash(tokenHash: string): Promise<SessionRecord | null> {
    return [...this.sessions.values()].find((s) => s.tokenHash === tokenHash) ?? null;
  }

  async revoke(id: string, at: Date): Promise<void> {
    const session = this.sessions.get(id);
    if (session !== undefined && session.revokedAt === null) this.sessions.set(id, { ...session, revokedAt: at });
  }

  async revokeAllOf(userId: string, at: Date): Promise<number> {
    let revoked = 0;
    for (const [id, s] of this.sessions) {
      if (s.userId === userId && s.revokedAt === null && at < s.expiresAt) {
        this.sessions.set(id, { ...s, revokedAt: at });
        revoked++;
      }
    }
    return revoked;
  }

  async sweep(before: Date): Promise<number> {
    let removed = 0;
    for (const [id, s] of this.sessions) {
      if (s.expiresAt < before || (s.revokedAt !== null && s.revokedAt < before)) {
        this.sessions.delete(id);
        removed++;
      }
    }
    return removed;
  }
}
