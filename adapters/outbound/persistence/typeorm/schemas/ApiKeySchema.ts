import { EntitySchema } from 'typeorm';
import { ID_LENGTH, text, timestamp, varchar } from './columns';
import { UserSchema } from './UserSchema';
import { WorkspaceSchema } from './WorkspaceSchema';

export interface ApiKeyRow {
  id: string;
  workspaceId: string;
  userId: string;
  name: string;
  role: string;
  /** Space-separated, as in OAuth's `scope` parameter. */
  scopes: string;
  lookupPrefix: string;
  secretHash: string;
  createdAt: Date;
  revokedAt: Date | null;
}

export const ApiKeySchema = new EntitySchema<ApiKeyRow>({
  name: 'ApiKey',
  tableName: 'api_keys',
  columns: {
    id: varchar('id', ID_LENGTH, { primary: true }),
    workspaceId: varchar('workspace_id', ID_LENGTH),
    userId: varchar('user_id', ID_LENGTH),
    name: varchar('name', 200),
    role: varchar('role', 20),
    scopes: text('scopes'),
    lookupPrefix: varchar('lookup_prefix', 64),
    secretHash: varchar('secret_hash', 255),
    createdAt: timestamp('created_at'),
    revokedAt: timestamp('revoked_at', { nullable: true }),
  },
  uniques: [{ name: 'uq_api_keys_lookup_prefix', columns: ['lookupPrefix'] }],
  indices: [
    { name: 'idx_api_keys_workspace', columns: ['workspaceId'] },
    { name: 'idx_api_keys_user', columns: ['userId'] },
  ],
  foreignKeys: [
    { name: 'fk_api_keys_workspace', target: WorkspaceSchema, columnNames: ['workspaceId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' },
    { name: 'fk_api_keys_user', target: UserSchema, columnNames: ['userId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' },
  ],
});
