import { type PublishJob } from '../../../../../application/ports/PublishQueue';
import { type PublishJobRow } from '../schemas/PublishJobSchema';
import { requireDate } from './RowMappingError';

export const PublishJobMapper = {
  toJob(row: PublishJobRow): PublishJob {
    return {
      workspaceId: row.workspaceId,
      postId: row.postId,
      targetId: row.targetId,
      notBefore: requireDate(row.notBefore, { table: 'publish_jobs', key: row.targetId, column: 'not_before' }),
    };
  },

  toRow(job: PublishJob, queuedAt: Date): PublishJobRow {
    return { targetId: job.targetId, postId: job.postId, workspaceId: job.workspaceId, notBefore: job.notBefore, createdAt: queuedAt };
  },
};
