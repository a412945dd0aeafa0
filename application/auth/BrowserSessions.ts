import { type Clock } from '../ports/Clock';
import { type SecretHasher } from '../ports/SecretHasher';
import { isSessionLive, type SessionRecord, type SessionStore } from '../ports/SessionStore';

/** A browser's session cookie, resolved on each page, and ended by signing out. */
export class BrowserSessions {
  constructor(
    private readonly sessions: SessionStore,
    private readonly hasher: SecretHasher,
    private readonly clock: Clock,
  ) {}

  /** The live session the cookie names, or null (none, unknown, expired, signed out). */
  async resolve(cookie: string | undefined): Promise<SessionRecord | null> {
    if (!cookie) return null;
    const session = await this.sessions.findByTokenHash(this.hasher.hashToken(cookie));
    return isSessionLive(session, this.clock.now()) ? session : null;
  }

  async signOut(cookie: string | undefined): Promise<void> {
    const session = await this.resolve(cookie);
    if (session !== null) await this.sessions.revoke(session.id, this.clock.now());
  }
}
