import { conflict } from '../../../../domain/shared/DomainError';
import { User, type UserSnapshot } from '../../../../domain/user/User';
import { type UserRepository } from '../../../../domain/user/UserRepository';
import { copyOf } from './ordering';

export class MemoryUserRepository implements UserRepository {
  private readonly byId = new Map<string, UserSnapshot>();

  async save(user: User): Promise<void> {
    const snapshot = user.toSnapshot();
    const holder = [...this.byId.values()].find((u) => u.email === snapshot.email);
    if (holder !== undefined && holder.id !== snapshot.id) {
      throw conflict('email_taken', 'a user with this email already exists');
    }
    this.byId.set(snapshot.id, copyOf(snapshot));
  }

  async findById(id: string): Promise<User | null> {
    const snapshot = this.byId.get(id);
    return snapshot === undefined ? null : User.rehydrate(copyOf(snapshot));
  }

  async findByEmail(email: string): Promise<User | null> {
    const snapshot = [...this.byId.values()].find((u) => u.email === email);
    return snapshot === undefined ? null : User.rehydrate(copyOf(snapshot));
  }

  async count(): Promise<number> {
    return this.byId.size;
  }

  async list(): Promise<User[]> {
    return [...this.byId.values()]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .map((snapshot) => User.rehydrate(copyOf(snapshot)));
  }
}
