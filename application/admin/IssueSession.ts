import { type UserRepository } from '../../domain/user/UserRepository';
import { type IdGenerator } from '../ports/IdGenerator';
import { type SessionTokens } from '../ports/SessionTokens';
import { userByEmail } from './lookups';

export class IssueSession {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionTokens,
    private readonly ids: IdGenerator,
    private readonly ttlSeconds: number,
  ) {}

  async execute(input: { email: string; ttlSeconds?: number }): Promise<{ token: string; expiresAt: Date; userId: string }> {
    const user = await userByEmail(this.users, input.email);
    const issued = await this.sessions.issue({ userId: user.id, sessionId: this.ids.next() }, input.ttlSeconds ?? this.ttlSeconds);
    return { ...issued, userId: user.id };
  }
}
