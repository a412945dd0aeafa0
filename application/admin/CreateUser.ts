import { assertAcceptablePassword, User } from '../../domain/user/User';
import { type UserRepository } from '../../domain/user/UserRepository';
import { type Clock } from '../ports/Clock';
import { type IdGenerator } from '../ports/IdGenerator';
import { type SecretHasher } from '../ports/SecretHasher';

export class CreateUser {
  constructor(
    private readonly users: UserRepository,
    private readonly hasher: SecretHasher,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(input: { email: string; password: string; name?: string | null }): Promise<User> {
    assertAcceptablePassword(input.password);
    const user = User.create({
      id: this.ids.next(),
      email: input.email,
      name: input.name ?? null,
      passwordHash: await this.hasher.hashPassword(input.password),
      now: this.clock.now(),
    });
    await this.users.save(user);
    return user;
  }
}
