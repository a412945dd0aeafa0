import { EntitySchema } from 'typeorm';
import { ID_LENGTH, timestamp, varchar } from './columns';
import { WorkspaceSchema } from './WorkspaceSchema';

export interface ConnectionRow {
  id: string;
  workspaceId: string;
  platform: string;
  handle: string;
  displayName: string | null;
  status: string;
  sandbox: boolean;
  createdAt: Date;
  accountId: string | null;
  /** JSON text: `{id, kind, name}`. */
  publishAs: string | null;
  statusReason: string | null;
  lastError: string | null;
  lastErrorAt: Date | null;
}

export const ConnectionSchema = new EntitySchema<ConnectionRow>({
  name: 'Connection',
  tableName: 'connections',
  columns: {
    id: varchar('id', ID_LENGTH, { primary: true }),
    workspaceId: varchar('workspace_id', ID_LENGTH),
    platform: varchar('platform', 20),
    handle: varchar('handle', 200),
    displayName: varchar('display_name', 200, { nullable: true }),
    status: varchar('status', 20),
    sandbox: { name: 'sandbox', type: 'boolean', default: false },
    createdAt: timestamp('created_at'),
    accountId: varchar('account_id', 255, { nullable: true }),
    publishAs: { name: 'publish_as', type: 'text', nullable: true },
    statusReason: { name: 'status_reason', type: 'text', nullable: true },
    lastError: { name: 'last_error', type: 'text', nullable: true },
    lastErrorAt: timestamp('last_error_at', { nullable: true }),
  },
  indices: [{ name: 'idx_connections_workspace_created', columns: ['workspaceId', 'createdAt', 'id'] }],
  foreignKeys: [
    { name: 'fk_connections_workspace', target: WorkspaceSchema, columnNames: ['workspaceId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' },
  ],
});
