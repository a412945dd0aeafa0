import { type EntitySchema } from 'typeorm';
import { PostCalendarDaySchema } from './PostCalendarDaySchema';
import { PostCalendarLinkSchema } from './PostCalendarLinkSchema';
import { PostCountSchema } from './PostCountSchema';
import { PostReviewSchema } from './PostReviewSchema';
import { PostSchema } from './PostSchema';
import { PostTargetSchema } from './PostTargetSchema';
import { PublishAttemptSchema } from './PublishAttemptSchema';
import { PublishJobSchema } from './PublishJobSchema';

/** The posts capability's entity schemas (listed in ./index.ts). */
// biome-ignore lint/suspicious/noExplicitAny: schemas of different row types in one list, as TypeORM's DataSource takes them
export const POSTS_SCHEMAS: EntitySchema<any>[] = [
  PostSchema,
  PostTargetSchema,
  PostReviewSchema,
  PublishJobSchema,
  PostCountSchema,
  PublishAttemptSchema,
  PostCalendarDaySchema,
  PostCalendarLinkSchema,
];
