import { type User } from '../../domain/user/User';
import { type UserRepository } from '../../domain/user/UserRepository';
import { type Clock } from '../ports/Clock';
import { type RandomSource } from '../ports/RandomSource';
import { type SecretHasher } from '../ports/SecretHasher';
import { type SessionStore } from '../ports/SessionStore';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { userByEmail } from './lookups';

/** 18 random bytes: a 24-character password, well inside the 12 to 1024 a user may choose. */
export const RESET_PASSWORD_BYTES = 18;

export interface PasswordReset {
  readonly user: User;
  /** The new password: shown once, only its hash is stored. */
  readonly password: string;
  /** How many live sessions (browser sign-ins and session tokens) the reset ended. */
  readonly sessionsRevoked: number;
}

/**
 * The operator's way back in for someone who lost their password (`user reset-password`): a
 * new random password, and every live session of theirs ended in the same transaction, so
 * whoever held the old password or a session is out. API keys and OAuth grants are separate
 * credentials, listed and revoked on their own (docs/decisions.md, "What a newcomer tripped over").
 */
export class ResetPassword {
  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionStore,
    private readonly hasher: SecretHasher,
    private readonly random: RandomSource,
    private readonly clock: Clock,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async execute(input: { email: string }): Promise<PasswordReset> {
    const known = await userByEmail(this.users, input.email);
    const password = this.random.token(RESET_PASSWORD_BYTES);
    // Hashed before the transaction: the memory-hard hash takes a while, no lock waits for it.
    const passwordHash = await this.hasher.hashPassword(password);
    return this.unitOfWork.run(async () => {
      const user = await userByEmail(this.users, known.email);
      user.changePassword(passwordHash);
      await this.users.save(user);
      const sessionsRevoked = await this.sessions.revokeAllOf(user.id, this.clock.now());
      return { user, password, sessionsRevoked };
    });
  }
}
