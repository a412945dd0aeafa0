import { PUBLISH_OUTCOME_KINDS, type PublishAttempt } from '../../../../../application/ports/AttemptLog';
import { readDate } from './readDate';
import { optionalDate, requireCount, requireDate, requireOneOf } from './RowMappingError';

type Raw = Record<string, unknown>;

/** publish_attempts rows as hand-written SQL returns them (snake_case columns). */
export const PublishAttemptMapper = {
  toAttempt(row: Raw): PublishAttempt {
    const where = { table: 'publish_attempts', key: row.id as string };
    return {
      id: row.id as string,
      workspaceId: row.workspace_id as string,
      postId: row.post_id as string,
      targetId: row.target_id as string,
      connectionId: row.connection_id as string,
      attempt: requireCount(row.attempt, { ...where, column: 'attempt' }),
      segmentIndex: requireCount(row.segment_index, { ...where, column: 'segment_index' }),
      startedAt: optionalDate(readDate(row.started_at), { ...where, column: 'started_at' }),
      finishedAt: requireDate(readDate(row.finished_at), { ...where, column: 'finished_at' }),
      outcome: requireOneOf(PUBLISH_OUTCOME_KINDS, row.outcome as string, { ...where, column: 'outcome' }),
      error: (row.error as string | null) ?? null,
      statusCode: row.status_code === null || row.status_code === undefined ? null : requireCount(row.status_code, { ...where, column: 'status_code' }),
      platformPostId: (row.platform_post_id as string | null) ?? null,
      // SQLite and MariaDB both answer a boolean column as 0 or 1.
      readBack: Number(row.read_back) === 1,
    };
  },
};
