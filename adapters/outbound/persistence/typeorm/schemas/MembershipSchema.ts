import { EntitySchema } from 'typeorm';
import { ID_LENGTH, timestamp, varchar } from './columns';
import { UserSchema } from './UserSchema';
import { WorkspaceSchema } from './WorkspaceSchema';

export interface MembershipRow {
  workspaceId: string;
  userId: string;
  role: string;
  createdAt: Date;
}

export const MembershipSchema = new EntitySchema<MembershipRow>({
  name: 'Membership',
  tableName: 'memberships',
  columns: {
    workspaceId: varchar('workspace_id', ID_LENGTH, { primary: true }),
    userId: varchar('user_id', ID_LENGTH, { primary: true }),
    role: varchar('role', 20),
    createdAt: timestamp('created_at'),
  },
  indices: [{ name: 'idx_memberships_user', columns: ['userId'] }],
  foreignKeys: [
    { name: 'fk_memberships_workspace', target: WorkspaceSchema, columnNames: ['workspaceId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' },
    { name: 'fk_memberships_user', target: UserSchema, columnNames: ['userId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' },
  ],
});
