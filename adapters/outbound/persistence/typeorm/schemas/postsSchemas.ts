import { type EntitySchema } from 'typeorm';
import { PostCountSchema } from './PostCountSchema';
import { PostReviewSchema } from './PostReviewSchema';
import { PostSchema } from './PostSchema';
import { PostTargetSchema } from './PostTargetSchema';
import { PublishJobSchema } from './PublishJobSchema';

/** The posts capability's entity schemas (listed in ./index.ts). */
export const POSTS_SCHEMAS: EntitySchema<any>[] = [PostSchema, PostTargetSchema, PostReviewSchema, PublishJobSchema, PostCountSchema];
