import { EntitySchema } from 'typeorm';
import { ID_LENGTH, text, timestamp, varchar } from './columns';
import { PostSchema } from './PostSchema';

export interface PublishAttemptRow {
  id: string;
  workspaceId: string;
  postId: string;
  targetId: string;
  connectionId: string;
  attempt: number;
  segmentIndex: number;
  startedAt: Date | null;
  finishedAt: Date;
  outcome: string;
  error: string | null;
  statusCode: number | null;
  platformPostId: string | null;
  readBack: boolean;
}

export const PublishAttemptSchema = new EntitySchema<PublishAttemptRow>({
  name: 'PublishAttempt',
  tableName: 'publish_attempts',
  columns: {
    id: varchar('id', ID_LENGTH, { primary: true }),
    workspaceId: varchar('workspace_id', ID_LENGTH),
    postId: varchar('post_id', ID_LENGTH),
    targetId: varchar('target_id', ID_LENGTH),
    connectionId: varchar('connection_id', ID_LENGTH),
    attempt: { name: 'attempt', type: 'integer' },
    segmentIndex: { name: 'segment_index', type: 'integer' },
    startedAt: timestamp('started_at', { nullable: true }),
    finishedAt: timestamp('finished_at'),
    outcome: varchar('outcome', 20),
    error: text('error', { nullable: true }),
    statusCode: { name: 'status_code', type: 'integer', nullable: true },
    platformPostId: varchar('platform_post_id', 512, { nullable: true }),
    readBack: { name: 'read_back', type: 'boolean', default: false },
  },
  indices: [
    { name: 'idx_publish_attempts_target_finished', columns: ['targetId', 'finishedAt'] },
    { name: 'idx_publish_attempts_connection_finished', columns: ['connectionId', 'finishedAt'] },
    { name: 'idx_publish_attempts_post', columns: ['postId'] },
  ],
  foreignKeys: [{ name: 'fk_publish_attempts_post', target: PostSchema, columnNames: ['postId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
});
