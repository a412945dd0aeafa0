import { type DataSource, type Repository } from 'typeorm';
import { conflict } from '../../../../../domain/shared/DomainError';
import { type User } from '../../../../../domain/user/User';
import { type UserRepository } from '../../../../../domain/user/UserRepository';
import { UserMapper } from '../mappers/UserMapper';
import { type UserRow, UserSchema } from '../schemas/UserSchema';
import { inTransaction, managerOf, readerOf } from '../transactionContext';
import { isUniqueViolation } from './uniqueViolation';

export class TypeOrmUserRepository implements UserRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inside a unit of work, its transaction's repository: the write commits or rolls back with it. */
  private get rows(): Repository<UserRow> {
    return managerOf(this.dataSource).getRepository(UserSchema);
  }

  async save(user: User): Promise<void> {
    const row = UserMapper.toRow(user);
    try {
      // Not `upsert`: MySQL's ON DUPLICATE KEY UPDATE also fires on the email key and would
      // overwrite the other user's row. `save` inserts or updates by id only.
      // `save` opens a transaction of its own when none is open: one of ours, so SQLite's gate holds it.
      await inTransaction(this.dataSource, (manager) => manager.getRepository(UserSchema).save(row));
    } catch (error) {
      if (isUniqueViolation(error) && (await this.emailBelongsToAnother(row))) {
        throw conflict('email_taken', 'a user with this email already exists');
      }
      throw error;
    }
  }

  /** Read by every session's authentication: on the reading connection (readerOf), never waiting for another request's transaction. */
  async findById(id: string): Promise<User | null> {
    const row = await readerOf(this.dataSource).getRepository(UserSchema).findOneBy({ id });
    return row === null ? null : UserMapper.toDomain(row);
  }

  async findByEmail(email: string): Promise<User | null> {
    const row = await this.rows.findOneBy({ email });
    return row === null ? null : UserMapper.toDomain(row);
  }

  count(): Promise<number> {
    return this.rows.count();
  }

  async list(): Promise<User[]> {
    const rows = await this.rows.find({ order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map((row) => UserMapper.toDomain(row));
  }

  private async emailBelongsToAnother(row: UserRow): Promise<boolean> {
    const holder = await this.rows.findOneBy({ email: row.email });
    return holder !== null && holder.id !== row.id;
  }
}
