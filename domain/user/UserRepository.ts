import { type User } from './User';

export interface UserRepository {
  save(user: User): Promise<void>;
  findById(id: string): Promise<User | null>;
  findByEmail(email: string): Promise<User | null>;
  count(): Promise<number>;
  /** Every user, oldest first, ties broken by id (the operator's `user list`). */
  list(): Promise<User[]>;
}
