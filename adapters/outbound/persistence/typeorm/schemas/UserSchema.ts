import { EntitySchema } from 'typeorm';
import { ID_LENGTH, timestamp, varchar } from './columns';

export interface UserRow {
  id: string;
  email: string;
  name: string | null;
  passwordHash: string;
  createdAt: Date;
}

export const UserSchema = new EntitySchema<UserRow>({
  name: 'User',
  tableName: 'users',
  columns: {
    id: varchar('id', ID_LENGTH, { primary: true }),
    email: varchar('email', 254),
    name: varchar('name', 200, { nullable: true }),
    passwordHash: varchar('password_hash', 255),
    createdAt: timestamp('created_at'),
  },
  uniques: [{ name: 'uq_users_email', columns: ['email'] }],
});
