import { EntitySchema } from 'typeorm';
import { ID_LENGTH, text, timestamp, varchar } from './columns';
import { PostSchema } from './PostSchema';

export interface PostTargetRow {
  id: string;
  postId: string;
  workspaceId: string;
  connectionId: string;
  groupId: string;
  platform: string;
  /** `{platform, values}` as TypeORM parsed it; the mapper re-reads it with the domain's rules. */
  settings: object;
  scheduledAt: Date | null;
  status: string;
  platformPostId: string | null;
  platformPostUrl: string | null;
  postedAt: Date | null;
  error: string | null;
  attempts: number;
  /** The segments already out (PublishedSegmentsDocument), null before the first. */
  publishedSegments: object | null;
  /** Calls made for the next segment (the retry bound counts these). */
  segmentAttempts: number;
  segmentCheckpoint: string | null;
  /** The target's place in its post. */
  position: number;
  /** posted_at ?? scheduled_at, written by PostWrites for the calendar's indexes (PostCalendar migration); never read back. */
  calendarAt?: Date | null;
  /** Its time is a slot of the connection's posting schedule. */
  queued: boolean;
}

export const PostTargetSchema = new EntitySchema<PostTargetRow>({
  name: 'PostTarget',
  tableName: 'post_targets',
  columns: {
    id: varchar('id', ID_LENGTH, { primary: true }),
    postId: varchar('post_id', ID_LENGTH),
    workspaceId: varchar('workspace_id', ID_LENGTH),
    connectionId: varchar('connection_id', ID_LENGTH),
    groupId: varchar('group_id', 255),
    platform: varchar('platform', 20),
    settings: { name: 'settings', type: 'json' },
    scheduledAt: timestamp('scheduled_at', { nullable: true }),
    status: varchar('status', 20),
    platformPostId: varchar('platform_post_id', 512, { nullable: true }),
    platformPostUrl: text('platform_post_url', { nullable: true }),
    postedAt: timestamp('posted_at', { nullable: true }),
    error: text('error', { nullable: true }),
    attempts: { name: 'attempts', type: 'integer' },
    publishedSegments: { name: 'published_segments', type: 'json', nullable: true },
    segmentAttempts: { name: 'segment_attempts', type: 'integer', default: 0 },
    segmentCheckpoint: { name: 'segment_checkpoint', type: 'text', nullable: true },
    position: { name: 'position', type: 'integer' },
    calendarAt: timestamp('calendar_at', { nullable: true }),
    queued: { name: 'queued', type: 'boolean', default: false },
  },
  indices: [
    { name: 'idx_post_targets_post_position', columns: ['postId', 'position'] },
    { name: 'idx_post_targets_status_scheduled', columns: ['status', 'scheduledAt'] },
    { name: 'idx_post_targets_status_posted', columns: ['status', 'postedAt'] },
    { name: 'idx_post_targets_workspace_status_scheduled', columns: ['workspaceId', 'status', 'scheduledAt', 'id'] },
    { name: 'idx_post_targets_calendar', columns: ['workspaceId', 'calendarAt', 'postId', 'id', 'platform', 'connectionId'] },
    { name: 'idx_post_targets_connection_calendar', columns: ['workspaceId', 'connectionId', 'calendarAt', 'postId', 'id', 'platform'] },
  ],
  foreignKeys: [{ name: 'fk_post_targets_post', target: PostSchema, columnNames: ['postId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
});
