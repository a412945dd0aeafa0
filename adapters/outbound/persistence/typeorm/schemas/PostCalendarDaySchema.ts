import { EntitySchema } from 'typeorm';
import { ID_LENGTH, varchar } from './columns';
import { WorkspaceSchema } from './WorkspaceSchema';

/**
 * How many posts of a workspace have a target whose calendar time falls on a UTC day (days
 * since 1970-01-01): the calendar's `total` for whole days without counting them
 * (sql/calendarDays.ts). Kept by TypeOrmPostRepository in the transaction of every save and
 * remove; a row, once made, stays (at 0 when its posts are gone).
 */
export interface PostCalendarDayRow {
  workspaceId: string;
  day: number;
  posts: number;
}

export const PostCalendarDaySchema = new EntitySchema<PostCalendarDayRow>({
  name: 'PostCalendarDay',
  tableName: 'post_calendar_days',
  columns: {
    workspaceId: varchar('workspace_id', ID_LENGTH, { primary: true }),
    day: { name: 'day', type: 'integer', primary: true },
    posts: { name: 'posts', type: 'integer' },
  },
  foreignKeys: [
    { name: 'fk_post_calendar_days_workspace', target: WorkspaceSchema, columnNames: ['workspaceId'], referencedColumnNames: ['id'], onDelete: 'CASCADE' },
  ],
});
