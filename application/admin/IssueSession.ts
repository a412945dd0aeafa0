import { type UserRepository } from '../../domain/user/UserRepository';
import { notFound } from '../../domain/shared/DomainError';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type SessionStore } from '../ports/SessionStore';
import { type SessionTokens } from '../ports/SessionTokens';
import { userByEmail } from './lookups';

/** First-party session tokens: signed, and recorded so `session revoke` ends one before its expiry. */
export class IssueSession {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionTokens,
    private readonly store: SessionStore,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {}

  async execute(input: { email: string; ttlSeconds?: number }): Promise<{ token: string; expiresAt: Date; userId: string; sessionId: string }> {
    const user = await userByEmail(this.users, input.email);
    const sessionId = this.ids.next();
    const issued = await this.sessions.issue({ userId: user.id, sessionId }, input.ttlSeconds ?? this.ttlSeconds);
    await this.store.create({ id: sessionId, userId: user.id, tokenHash: null, createdAt: this.clock.now(), expiresAt: issued.expiresAt, revokedAt: null });
    return { ...issued, userId: user.id, sessionId };
  }

  async revoke(sessionId: string): Promise<void> {
    const session = await this.store.find(sessionId);
    if (session === null) throw notFound('Session');
    await this.store.revoke(sessionId, this.clock.now());
  }
}
