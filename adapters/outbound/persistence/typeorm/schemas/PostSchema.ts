import { EntitySchema } from 'typeorm';
import { ID_LENGTH, timestamp, varchar } from './columns';
import { WorkspaceSchema } from './WorkspaceSchema';

export interface PostRow {
  id: string;
  workspaceId: string;
  /** Null: written before authors were recorded. */
  authorUserId: string | null;
  status: string;
  source: string;
  externalSubmissionId: string | null;
  requestedIntent: string | null;
  /** The groups → segments → media document as TypeORM parsed it; typed loosely, the mapper checks its shape. */
  groups: object;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export const PostSchema = new EntitySchema<PostRow>({
  name: 'Post',
  tableName: 'posts',
  columns: {
    id: varchar('id', ID_LENGTH, { primary: true }),
    workspaceId: varchar('workspace_id', ID_LENGTH),
    authorUserId: varchar('author_user_id', ID_LENGTH, { nullable: true }),
    status: varchar('status', 20),
    source: varchar('source', 20),
    externalSubmissionId: varchar('external_submission_id', 255, { nullable: true }),
    requestedIntent: varchar('requested_intent', 20, { nullable: true }),
    groups: { name: 'groups', type: 'json' },
    createdAt: timestamp('created_at'),
    updatedAt: timestamp('updated_at'),
    version: { name: 'version', type: 'integer', default: 1 },
  },
  indices: [
    { name: 'idx_posts_workspace_created', columns: ['workspaceId', 'createdAt', 'id'] },
    { name: 'idx_posts_workspace_status_created', columns: ['workspaceId', 'status', 'createdAt', 'id'] },
    { name: 'idx_posts_workspace_status_updated', columns: ['workspaceId', 'status', 'updatedAt', 'id'] },
  ],
  foreignKeys: [{ name: 'fk_posts_workspace', target: WorkspaceSchema, columnNames: ['workspaceId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
});
