import { type LeasedJob, type PublishJob } from '../../../../../application/ports/PublishQueue';
import { readDate } from './readDate';
import { requireCount, requireDate } from './RowMappingError';

type Raw = Record<string, unknown>;

/** publish_jobs rows as hand-written SQL returns them (snake_case columns). */
export const PublishJobMapper = {
  toJob(row: Raw): PublishJob {
    const targetId = row.target_id as string;
    return {
      workspaceId: row.workspace_id as string,
      postId: row.post_id as string,
      targetId,
      notBefore: requireDate(readDate(row.not_before), { table: 'publish_jobs', key: targetId, column: 'not_before' }),
    };
  },

  toLeased(row: Raw): LeasedJob {
    const where = { table: 'publish_jobs', key: row.target_id as string };
    return {
      ...PublishJobMapper.toJob(row),
      attempts: requireCount(row.attempts, { ...where, column: 'attempts' }),
      leaseOwner: row.lease_owner as string,
      leaseExpiresAt: requireDate(readDate(row.lease_expires_at), { ...where, column: 'lease_expires_at' }),
    };
  },
};
