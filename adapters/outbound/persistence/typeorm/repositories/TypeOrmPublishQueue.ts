import { type DataSource } from 'typeorm';
import { type PublishJob, type PublishQueue } from '../../../../../application/ports/PublishQueue';
import { PublishJobMapper } from '../mappers/PublishJobMapper';
import { PublishJobSchema } from '../schemas/PublishJobSchema';
import { inTransaction, managerOf } from '../transactionContext';
import { isUniqueViolation } from './uniqueViolation';
import { checkJobsBelongTo } from '../../checkJobsBelongTo';

/** The publish_jobs table the worker claims rows from; a post's rows are replaced as a whole. */
export class TypeOrmPublishQueue implements PublishQueue {
  constructor(private readonly dataSource: DataSource) {}

  async replaceForPost(workspaceId: string, postId: string, jobs: readonly PublishJob[]): Promise<void> {
    checkJobsBelongTo(workspaceId, postId, jobs);
    // Not part of the port's job, and no Clock reaches adapters: the row's own bookkeeping.
    const queuedAt = new Date();
    const rows = jobs.map((job) => PublishJobMapper.toRow(job, queuedAt));
    await inTransaction(this.dataSource, async (manager) => {
      const where = { workspaceId, postId };
      // Every save of a post lands here, mostly with nothing queued. On MySQL a DELETE that
      // finds nothing still locks the index gap, and concurrent creates then deadlock on
      // their inserts; a plain read first keeps the DELETE for posts that have jobs.
      if (await manager.exists(PublishJobSchema, { where })) await manager.delete(PublishJobSchema, where);
      if (rows.length === 0) return;
      try {
        await manager.insert(PublishJobSchema, rows);
      } catch (error) {
        // The plain read sees the transaction's snapshot: jobs a concurrent edit of the same
        // post committed since are invisible to it but collide here. The locking DELETE sees
        // them; MySQL keeps the transaction open after a failed statement, so retry once.
        if (!isUniqueViolation(error)) throw error;
        await manager.delete(PublishJobSchema, where);
        await manager.insert(PublishJobSchema, rows);
      }
    });
  }

  async listForPost(workspaceId: string, postId: string): Promise<PublishJob[]> {
    const rows = await managerOf(this.dataSource).find(PublishJobSchema, {
      where: { workspaceId, postId },
      order: { notBefore: 'ASC', targetId: 'ASC' },
    });
    return rows.map(PublishJobMapper.toJob);
  }
}
