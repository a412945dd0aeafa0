import { normalizeEmail } from '../shared/Email';
import { validationError } from '../shared/DomainError';

export interface UserSnapshot {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly passwordHash: string;
  readonly createdAt: Date;
}

/** A person who signs in. The password is only ever held as a hash. */
export class User {
  private constructor(private props: UserSnapshot) {}

  static create(input: { id: string; email: string; name?: string | null; passwordHash: string; now: Date }): User {
    const name = input.name?.trim() || null;
    if (name !== null && name.length > 200) {
      throw validationError('invalid_name', [{ path: 'name', message: 'must be at most 200 characters' }]);
    }
    return new User({
      id: input.id,
      email: normalizeEmail(input.email),
      name,
      passwordHash: input.passwordHash,
      createdAt: input.now,
    });
  }

  static rehydrate(snapshot: UserSnapshot): User {
    return new User(snapshot);
  }

  get id(): string {
    return this.props.id;
  }
  get email(): string {
    return this.props.email;
  }
  get name(): string | null {
    return this.props.name;
  }
  get passwordHash(): string {
    return this.props.passwordHash;
  }
  get createdAt(): Date {
    return this.props.createdAt;
  }

  /** A new password set by the operator (`user reset-password`); checked and hashed by the caller. */
  changePassword(passwordHash: string): void {
    this.props = { ...this.props, passwordHash };
  }

  toSnapshot(): UserSnapshot {
    return { ...this.props };
  }
}

/** Passwords are checked before hashing, so the rule lives with the user. */
export function assertAcceptablePassword(password: string): void {
  if (password.length < 12 || password.length > 1024) {
    throw validationError('weak_password', [{ path: 'password', message: 'must be 12 to 1024 characters' }]);
  }
}
