import { EntitySchema } from 'typeorm';
import { ID_LENGTH, text, timestamp, varchar } from './columns';
import { PostSchema } from './PostSchema';

export interface PublishJobRow {
  targetId: string;
  postId: string;
  workspaceId: string;
  notBefore: Date;
  /** When the job was queued: bookkeeping for operators, not part of the port's PublishJob. */
  createdAt: Date;
  state: string;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  attempts: number;
  lastError: string | null;
}

export const PublishJobSchema = new EntitySchema<PublishJobRow>({
  name: 'PublishJob',
  tableName: 'publish_jobs',
  columns: {
    targetId: varchar('target_id', ID_LENGTH, { primary: true }),
    postId: varchar('post_id', ID_LENGTH),
    workspaceId: varchar('workspace_id', ID_LENGTH),
    notBefore: timestamp('not_before'),
    createdAt: timestamp('created_at'),
    state: varchar('state', 20, { default: 'queued' }),
    leaseOwner: varchar('lease_owner', 100, { nullable: true }),
    leaseExpiresAt: timestamp('lease_expires_at', { nullable: true }),
    attempts: { name: 'attempts', type: 'integer', default: 0 },
    lastError: text('last_error', { nullable: true }),
  },
  indices: [
    { name: 'idx_publish_jobs_not_before', columns: ['notBefore'] },
    { name: 'idx_publish_jobs_post_not_before', columns: ['postId', 'notBefore'] },
    { name: 'idx_publish_jobs_state_not_before', columns: ['state', 'notBefore'] },
    { name: 'idx_publish_jobs_state_lease', columns: ['state', 'leaseExpiresAt'] },
  ],
  foreignKeys: [{ name: 'fk_publish_jobs_post', target: PostSchema, columnNames: ['postId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
});
