import { User } from '../../../../../domain/user/User';
import { type UserRow } from '../schemas/UserSchema';
import { requireDate } from './RowMappingError';

export const UserMapper = {
  toDomain(row: UserRow): User {
    const where = { table: 'users', key: row.id };
    return User.rehydrate({
      id: row.id,
      email: row.email,
      name: row.name ?? null,
      passwordHash: row.passwordHash,
      createdAt: requireDate(row.createdAt, { ...where, column: 'created_at' }),
    });
  },

  toRow(user: User): UserRow {
    const s = user.toSnapshot();
    return { id: s.id, email: s.email, name: s.name, passwordHash: s.passwordHash, createdAt: s.createdAt };
  },
};
