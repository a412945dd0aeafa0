import { type MigrationInterface } from 'typeorm';
import { Posts1732340000000 } from './1732340000000-Posts';
import { PostCounts1732360000000 } from './1732360000000-PostCounts';
import { PostVersionsAndJobLeases1732370000000 } from './1732370000000-PostVersionsAndJobLeases';
import { PostAuthors1732380000000 } from './1732380000000-PostAuthors';
import { TargetSegmentProgress1732390000000 } from './1732390000000-TargetSegmentProgress';
import { SegmentCheckpoint1732460000000 } from './1732460000000-SegmentCheckpoint';
import { PublishAttempts1732400000000 } from './1732400000000-PublishAttempts';
import { AttemptReadBack1732505000000 } from './1732505000000-AttemptReadBack';
import { PostingSchedules1732507100000 } from './1732507100000-PostingSchedules';

/**
 * The posts capability's migrations, oldest first (listed in ./index.ts). TypeORM runs all
 * migrations in the order of their timestamps, whatever the order of the arrays.
 */
export const POSTS_MIGRATIONS: Array<new () => MigrationInterface> = [
  Posts1732340000000,
  PostCounts1732360000000,
  PostVersionsAndJobLeases1732370000000,
  PostAuthors1732380000000,
  TargetSegmentProgress1732390000000,
  PublishAttempts1732400000000,
  SegmentCheckpoint1732460000000,
  AttemptReadBack1732505000000,
  PostingSchedules1732507100000,
];
