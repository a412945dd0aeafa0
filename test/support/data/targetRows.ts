import { type PostTargetRow } from '../../../adapters/outbound/persistence/typeorm/schemas/PostTargetSchema';

/** A stored post_targets row of a pending target, as the mappers read it; `changes` on top. */
export const targetRow = (changes: Partial<PostTargetRow> = {}): PostTargetRow => ({
  id: 'tgt_1',
  postId: 'post_1',
  workspaceId: 'ws_1',
  connectionId: 'conn_1',
  groupId: 'g1',
  platform: 'TWITTER',
  settings: { platform: 'TWITTER', values: {} },
  scheduledAt: null,
  status: 'pending',
  platformPostId: null,
  platformPostUrl: null,
  postedAt: null,
  error: null,
  attempts: 0,
  publishedSegments: null,
  segmentAttempts: 0,
  segmentCheckpoint: null,
  position: 0,
  queued: false,
  ...changes,
});
