import { type MigrationInterface } from 'typeorm';
import { PostCalendar1732508000000 } from './1732508000000-PostCalendar';
import { PostCalendarDays1732509600000 } from './1732509600000-PostCalendarDays';

/** posts.list's calendar (docs/posts.md, "The calendar"), oldest first (listed in ./index.ts). */
export const POST_CALENDAR_MIGRATIONS: Array<new () => MigrationInterface> = [PostCalendar1732508000000, PostCalendarDays1732509600000];
