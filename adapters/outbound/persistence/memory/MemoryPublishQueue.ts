import { type LeasedJob, type LeaseRequest, type PublishJob, type PublishQueue } from '../../../../application/ports/PublishQueue';
import { type MemoryPostRepository } from './MemoryPostRepository';
import { copyOf } from './ordering';

interface JobRecord extends PublishJob {
  state: 'queued' | 'leased' | 'failed';
  attempts: number;
  leaseOwner: string | null;
  leaseExpiresAt: Date | null;
  lastError: string | null;
}

/**
 * Jobs by target in a map, under the same rules as the publish_jobs table. Given the post
 * repository, it forgets a removed post's jobs, as the database's foreign key cascade does.
 */
export class MemoryPublishQueue implements PublishQueue {
  private readonly byTarget = new Map<string, JobRecord>();

  constructor(posts?: MemoryPostRepository) {
    posts?.onRemove((workspaceId, postId) => {
      for (const [id, job] of this.byTarget) if (job.workspaceId === workspaceId && job.postId === postId) this.byTarget.delete(id);
    });
  }

  async enqueue(jobs: readonly PublishJob[]): Promise<void> {
    for (const job of jobs) {
      const held = this.byTarget.get(job.targetId);
      if (held?.state === 'leased') continue;
      this.byTarget.set(job.targetId, {
        ...copyOf(job),
        state: 'queued',
        attempts: held?.attempts ?? 0,
        leaseOwner: null,
        leaseExpiresAt: null,
        lastError: null,
      });
    }
  }

  async cancel(targetIds: readonly string[]): Promise<void> {
    for (const id of targetIds) if (this.byTarget.get(id)?.state !== 'leased') this.byTarget.delete(id);
  }

  async listForPost(workspaceId: string, postId: string): Promise<PublishJob[]> {
    return [...this.byTarget.values()]
      .filter((job) => job.workspaceId === workspaceId && job.postId === postId)
      .sort(soonestFirst)
      .map(({ workspaceId: w, postId: p, targetId, notBefore }) => ({ workspaceId: w, postId: p, targetId, notBefore: new Date(notBefore) }));
  }

  async claimDue({ owner, now, leaseMs, limit }: LeaseRequest): Promise<LeasedJob[]> {
    const due = [...this.byTarget.values()].filter((job) => job.state === 'queued' && job.notBefore <= now).sort(soonestFirst);
    return due.slice(0, limit).map((job) => this.lease(job, owner, now, leaseMs, true));
  }

  async claimExpired({ owner, now, leaseMs, limit }: LeaseRequest): Promise<LeasedJob[]> {
    const expired = [...this.byTarget.values()]
      .filter((job) => job.state === 'leased' && job.leaseExpiresAt! <= now)
      .sort((a, b) => a.leaseExpiresAt!.getTime() - b.leaseExpiresAt!.getTime() || compare(a.targetId, b.targetId));
    return expired.slice(0, limit).map((job) => this.lease(job, owner, now, leaseMs, false));
  }

  async renew(targetIds: readonly string[], owner: string, until: Date): Promise<string[]> {
    return targetIds.filter((id) => this.ifHeld(id, owner, (job) => Object.assign(job, { leaseExpiresAt: new Date(until) })));
  }

  async complete(targetId: string, owner: string): Promise<boolean> {
    return this.ifHeld(targetId, owner, () => this.byTarget.delete(targetId));
  }

  async release(targetId: string, owner: string, notBefore: Date): Promise<boolean> {
    return this.ifHeld(targetId, owner, (job) =>
      Object.assign(job, { state: 'queued', leaseOwner: null, leaseExpiresAt: null, notBefore: new Date(notBefore) }),
    );
  }

  async fail(targetId: string, owner: string, error: string): Promise<boolean> {
    return this.ifHeld(targetId, owner, (job) => Object.assign(job, { state: 'failed', leaseOwner: null, leaseExpiresAt: null, lastError: error }));
  }

  private ifHeld(targetId: string, owner: string, change: (job: JobRecord) => unknown): boolean {
    const job = this.byTarget.get(targetId);
    if (job?.state !== 'leased' || job.leaseOwner !== owner) return false;
    change(job);
    return true;
  }

  private lease(job: JobRecord, owner: string, now: Date, leaseMs: number, countsAttempt: boolean): LeasedJob {
    Object.assign(job, { state: 'leased', leaseOwner: owner, leaseExpiresAt: new Date(now.getTime() + leaseMs) });
    if (countsAttempt) job.attempts += 1;
    const { workspaceId, postId, targetId, notBefore, attempts } = job;
    return { workspaceId, postId, targetId, notBefore: new Date(notBefore), attempts, leaseOwner: owner, leaseExpiresAt: new Date(job.leaseExpiresAt!) };
  }
}

/** Code-unit order: the byte order SQLite and utf8mb4_bin give our ASCII ids. */
const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
const soonestFirst = (a: PublishJob, b: PublishJob): number => a.notBefore.getTime() - b.notBefore.getTime() || compare(a.targetId, b.targetId);
