import { TARGET_STATUSES } from '../../../../../domain/post/PostStatus';
import { type TargetSnapshot } from '../../../../../domain/post/Target';
import { upcastStoredSettings } from '../../../../../domain/post/TargetSettings';
import { type PostTargetRow } from '../schemas/PostTargetSchema';
import { PublishedSegmentsDocument } from './PublishedSegmentsDocument';
import { RowMappingError, optionalDate, requireCount, requireOneOf } from './RowMappingError';

export const PostTargetMapper = {
  toSnapshot(row: PostTargetRow): TargetSnapshot {
    const where = { table: 'post_targets', key: row.id };
    // Settings written under an older, looser rule are upcast to today's, never refused:
    // "required" governs writes. Only settings no rule ever allowed are corrupt data.
    const reading = upcastStoredSettings(row.settings);
    if (!reading.ok) throw new RowMappingError(where.table, where.key, reading.problem);
    if (reading.settings.platform !== row.platform) {
      throw new RowMappingError(where.table, where.key, `platform ${row.platform} differs from settings.platform ${reading.settings.platform}`);
    }
    if (!Number.isInteger(row.attempts) || row.attempts < 0) {
      throw new RowMappingError(where.table, where.key, `attempts is not a count (${String(row.attempts)})`);
    }
    return {
      id: row.id,
      connectionId: row.connectionId,
      groupId: row.groupId,
      settings: reading.settings,
      scheduledAt: optionalDate(row.scheduledAt, { ...where, column: 'scheduled_at' }),
      status: requireOneOf(TARGET_STATUSES, row.status, { ...where, column: 'status' }),
      platformPostId: row.platformPostId ?? null,
      platformPostUrl: row.platformPostUrl ?? null,
      postedAt: optionalDate(row.postedAt, { ...where, column: 'posted_at' }),
      error: row.error ?? null,
      attempts: row.attempts,
      publishedSegments: PublishedSegmentsDocument.fromColumn(row.publishedSegments, where),
      segmentAttempts: requireCount(row.segmentAttempts, { ...where, column: 'segment_attempts' }),
      checkpoint: row.segmentCheckpoint ?? null,
      // SQLite and MariaDB both answer a boolean column as 0 or 1.
      queued: Number(row.queued) === 1,
    };
  },

  toRow(target: TargetSnapshot, post: { id: string; workspaceId: string }, position: number): PostTargetRow {
    return {
      id: target.id,
      postId: post.id,
      workspaceId: post.workspaceId,
      connectionId: target.connectionId,
      groupId: target.groupId,
      platform: target.settings.platform,
      settings: { platform: target.settings.platform, values: { ...target.settings.values } },
      scheduledAt: target.scheduledAt,
      status: target.status,
      platformPostId: target.platformPostId,
      platformPostUrl: target.platformPostUrl,
      postedAt: target.postedAt,
      error: target.error,
      attempts: target.attempts,
      publishedSegments: PublishedSegmentsDocument.toColumn(target.publishedSegments),
      segmentAttempts: target.segmentAttempts,
      segmentCheckpoint: target.checkpoint,
      position,
      queued: target.queued,
    };
  },
};
