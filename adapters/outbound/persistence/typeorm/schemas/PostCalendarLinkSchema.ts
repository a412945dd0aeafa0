import { EntitySchema } from 'typeorm';
import { ID_LENGTH, varchar } from './columns';
import { PostSchema } from './PostSchema';

/**
 * A post with targets on several UTC days has one row per pair of consecutive such days: what
 * post_calendar_days counted more than once in a run of days (sql/calendarDays.ts). Goes with
 * its post.
 */
export interface PostCalendarLinkRow {
  workspaceId: string;
  day: number;
  nextDay: number;
  postId: string;
}

export const PostCalendarLinkSchema = new EntitySchema<PostCalendarLinkRow>({
  name: 'PostCalendarLink',
  tableName: 'post_calendar_links',
  columns: {
    workspaceId: varchar('workspace_id', ID_LENGTH, { primary: true }),
    day: { name: 'day', type: 'integer', primary: true },
    nextDay: { name: 'next_day', type: 'integer', primary: true },
    postId: varchar('post_id', ID_LENGTH, { primary: true }),
  },
  indices: [{ name: 'idx_post_calendar_links_post', columns: ['postId'] }],
  foreignKeys: [{ name: 'fk_post_calendar_links_post', target: PostSchema, columnNames: ['postId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' }],
});
