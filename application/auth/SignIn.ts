import { normalizeEmail } from '../../domain/shared/Email';
import { DomainError, unauthenticated } from '../../domain/shared/DomainError';
import { type UserRepository } from '../../domain/user/UserRepository';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type RandomSource } from '../ports/RandomSource';
import { type RateLimitStore } from '../ports/RateLimitStore';
import { type SecretHasher } from '../ports/SecretHasher';
import { type SessionStore } from '../ports/SessionStore';

/** Failed passwords an account may have per window before it is locked for the rest of it. */
export const SIGN_IN_FAILURES = { max: 5, windowMs: 15 * 60_000 };
/** Attempts one address may make per window, whichever accounts they name. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS = { max: 30, windowMs: 15 * 60_000 };

const WRONG = 'The email or the password is not right.';

/**
 * The sign-in page's check (docs/decisions.md, "Signing in"): throttled per address and locked per
 * account after repeated failures (checked before the password, so a locked account tells an
 * attacker nothing), the password compared by the memory-hard hash, and a session opened.
 */
export class SignIn {
  private dummyHash: Promise<string> | null = null;

  constructor(
    private readonly users: UserRepository,
    private readonly sessions: SessionStore,
    private readonly hasher: SecretHasher,
    private readonly attempts: RateLimitStore,
    private readonly random: RandomSource,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly ttlSeconds: number,
  ) {}

  async execute(input: { email: string; password: string; address: string }): Promise<{ token: string; expiresAt: Date; userId: string }> {
    const now = this.clock.now();
    const perAddress = await this.attempts.hit(`sign-in:${input.address}`, SIGN_IN_ATTEMPTS_PER_ADDRESS.windowMs, now);
    if (perAddress.count > SIGN_IN_ATTEMPTS_PER_ADDRESS.max) throw locked('Too many sign-in attempts from your address.', perAddress.resetAt, now);
    let email: string;
    try {
      email = normalizeEmail(input.email);
    } catch {
      throw unauthenticated('sign_in_failed', WRONG);
    }
    const failuresKey = `sign-in-failures:${email}`;
    if ((await this.attempts.count(failuresKey, now)) >= SIGN_IN_FAILURES.max) {
      throw locked('This account is locked after too many wrong passwords.', new Date(now.getTime() + SIGN_IN_FAILURES.windowMs), now);
    }
    const user = await this.users.findByEmail(email);
    // An unknown email costs the same hash as a known one: the time does not tell them apart.
    const matches = await this.hasher.verifyPassword(input.password, user?.passwordHash ?? (await this.dummy()));
    if (user === null || !matches) {
      await this.attempts.hit(failuresKey, SIGN_IN_FAILURES.windowMs, now);
      throw unauthenticated('sign_in_failed', WRONG);
    }
    const token = this.random.token(32);
    const expiresAt = new Date(now.getTime() + this.ttlSeconds * 1000);
    await this.sessions.create({ id: this.ids.next(), userId: user.id, tokenHash: this.hasher.hashToken(token), createdAt: now, expiresAt, revokedAt: null });
    return { token, expiresAt, userId: user.id };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= this.hasher.hashPassword(this.random.token(16));
    return this.dummyHash;
  }
}

function locked(reason: string, until: Date, now: Date): DomainError {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new DomainError('rate_limited', 'sign_in_locked', `${reason} Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
}
