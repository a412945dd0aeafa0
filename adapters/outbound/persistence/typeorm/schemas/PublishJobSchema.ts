import { EntitySchema } from 'typeorm';
import { ID_LENGTH, timestamp, varchar } from './columns';
import { PostSchema } from './PostSchema';

export interface PublishJobRow {
  targetId: string;
  postId: string;
  workspaceId: string;
  notBefore: Date;
  /** When the job was queued: bookkeeping for operators, not part of the port's PublishJob. */
  createdAt: Date;
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
  },
  indices: [
    { name: 'idx_publish_jobs_not_before', columns: ['notBefore'] },
    { name: 'idx_publish_jobs_post_not_before', columns: ['postId', 'notBefore'] },
  ],
  foreignKeys: [
    { name: 'fk_publish_jobs_post', target: PostSchema, columnNames: ['postId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' },
  ],
});
