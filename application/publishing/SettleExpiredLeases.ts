import { type HeldLeases } from '../leases/HeldLeases';
import { type Clock } from '../ports/Clock';
import { type LeasedJob, type PublishQueue } from '../ports/PublishQueue';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type AttemptHistory } from './AttemptHistory';
import { type PostStore } from '../posts/PostStore';
import { inSegment, type JobResult, LeaseLost, WORKER_STOPPED } from './failureReasons';
import { type PublishingSettings } from './PublishingSettings';
import { readBackCheckpoint } from './readBackCheckpoint';
import { type ReadBackSupport } from './ReadBackSupport';

/**
 * Settles the jobs whose lease ran out without an outcome (their worker died or hung). A
 * target left `publishing` may have been posted: where its account can be read back, that
 * settles it on a later turn (ReadBack); otherwise it fails as "publish outcome unknown" and
 * is never re-posted on its own (docs/product.md, "Post lifecycle"); the user's retryTarget
 * is the deliberate retry. A target still `pending` never reached its call: it goes back
 * to the queue.
 */
export class SettleExpiredLeases {
  constructor(
    private readonly queue: PublishQueue,
    private readonly store: PostStore,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly settings: PublishingSettings,
    private readonly history: AttemptHistory,
    private readonly leases: HeldLeases,
    private readonly readBack: ReadBackSupport,
  ) {}

  async run(owner: string): Promise<ReadonlyArray<{ readonly targetId: string; readonly result: JobResult }>> {
    const { leaseMs, batchSize: limit } = this.settings;
    const jobs = await this.queue.claimExpired({ owner, now: this.clock.now(), leaseMs, limit });
    const ids = jobs.map((job) => job.targetId);
    // Renewed by the worker's heartbeat until settled (HeldLeases): a long batch never outlasts its lease.
    this.leases.hold(owner, ids);
    const results = [];
    try {
      for (const job of jobs) {
        results.push({ targetId: job.targetId, result: await this.settle(job).catch(lostOrThrow) });
        this.leases.letGo(owner, job.targetId);
      }
    } finally {
      for (const id of ids) this.leases.letGo(owner, id);
    }
    return results;
  }

  private settle(job: LeasedJob): Promise<JobResult> {
    const now = this.clock.now();
    return this.unitOfWork.run(async () => {
      const post = await this.store.findLocked(job.workspaceId, job.postId);
      const target = post?.targets.find((t) => t.id === job.targetId);
      if (post === null || target === undefined || target.status === 'published' || target.status === 'failed') {
        return held(job, await this.queue.complete(job.targetId, job.leaseOwner), 'not_publishable');
      }
      if (target.status === 'pending') return held(job, await this.queue.release(job.targetId, job.leaseOwner, now), 'given_back');
      const next = post.nextSegmentOf(target.id);
      const reason = inSegment(next.index, next.count, WORKER_STOPPED);
      const call = { job, connectionId: target.connectionId, attempt: target.attempts, segmentIndex: next.index, startedAt: null };
      await this.history.record(call, { kind: 'outcomeUnknown', reason: WORKER_STOPPED }, now);
      // Where the account can be read back, it settles the call (sent at the earliest when it fell due).
      const after = await this.readBack.firstReadAfterSeconds(target.connectionId, target.settings.platform);
      if (after !== null) {
        post.awaitProcessing(target.id, readBackCheckpoint({ sentFrom: job.notBefore, sentUntil: now, reason: WORKER_STOPPED }), now);
        await this.store.persist(post, now, target.id);
        return held(job, await this.queue.release(job.targetId, job.leaseOwner, new Date(now.getTime() + after * 1000)), 'reading_back');
      }
      post.markFailed(target.id, reason, now);
      await this.store.persist(post, now);
      return held(job, await this.queue.fail(job.targetId, job.leaseOwner, reason), 'failed');
    });
  }
}

function held(job: LeasedJob, isHeld: boolean, result: JobResult): JobResult {
  if (!isHeld) throw new LeaseLost(job.targetId, job.leaseOwner);
  return result;
}

function lostOrThrow(error: unknown): JobResult {
  if (error instanceof LeaseLost) return 'lease_lost';
  throw error;
}
