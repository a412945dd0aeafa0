import { type PublishJob } from '../../../application/ports/PublishQueue';

/**
 * Replacing a post's jobs with a job of another post would delete one post's work and queue
 * another's under the wrong key: a programming error, refused before anything is written.
 * Shared by the TypeORM and in-memory queues so both refuse the same calls.
 */
export function checkJobsBelongTo(workspaceId: string, postId: string, jobs: readonly PublishJob[]): void {
  const stranger = jobs.find((job) => job.workspaceId !== workspaceId || job.postId !== postId);
  if (stranger !== undefined) {
    throw new Error(`publish job of target ${stranger.targetId} belongs to post ${stranger.postId}, not ${postId}`);
  }
  const targetIds = jobs.map((job) => job.targetId);
  const repeated = targetIds.find((id, i) => targetIds.indexOf(id) !== i);
  if (repeated !== undefined) throw new Error(`target ${repeated} is queued twice for post ${postId}`);
}
