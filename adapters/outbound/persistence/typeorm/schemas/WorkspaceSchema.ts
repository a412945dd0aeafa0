import { EntitySchema } from 'typeorm';
import { ID_LENGTH, timestamp, varchar } from './columns';

export interface WorkspaceRow {
  id: string;
  name: string;
  createdAt: Date;
}

export const WorkspaceSchema = new EntitySchema<WorkspaceRow>({
  name: 'Workspace',
  tableName: 'workspaces',
  columns: {
    id: varchar('id', ID_LENGTH, { primary: true }),
    name: varchar('name', 200),
    createdAt: timestamp('created_at'),
  },
});
