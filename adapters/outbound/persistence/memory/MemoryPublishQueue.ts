import { type PublishJob, type PublishQueue } from '../../../../application/ports/PublishQueue';
import { checkJobsBelongTo } from '../checkJobsBelongTo';
import { type MemoryPostRepository } from './MemoryPostRepository';
import { copyOf } from './ordering';

/**
 * Jobs per post in a map. Given the post repository, it forgets a removed post's jobs, as
 * the database's foreign key cascade does; without it, jobs stay until replaced.
 */
export class MemoryPublishQueue implements PublishQueue {
  private readonly byPost = new Map<string, PublishJob[]>();

  constructor(posts?: MemoryPostRepository) {
    posts?.onRemove((workspaceId, postId) => this.byPost.delete(keyOf(workspaceId, postId)));
  }

  async replaceForPost(workspaceId: string, postId: string, jobs: readonly PublishJob[]): Promise<void> {
    checkJobsBelongTo(workspaceId, postId, jobs);
    if (jobs.length === 0) this.byPost.delete(keyOf(workspaceId, postId));
    else this.byPost.set(keyOf(workspaceId, postId), copyOf([...jobs]));
  }

  async listForPost(workspaceId: string, postId: string): Promise<PublishJob[]> {
    // Soonest first, ties by target id: the order the TypeORM queue asks the database for.
    const jobs = [...(this.byPost.get(keyOf(workspaceId, postId)) ?? [])].sort(
      (a, b) => a.notBefore.getTime() - b.notBefore.getTime() || (a.targetId < b.targetId ? -1 : a.targetId > b.targetId ? 1 : 0),
    );
    return copyOf(jobs);
  }
}

const keyOf = (workspaceId: string, postId: string): string => `${workspaceId}\u0000${postId}`;
