import { type Post } from '../../domain/post/Post';
import { type PostSnapshot } from '../../domain/post/PostSnapshot';
import { type HeldLeases } from '../leases/HeldLeases';
import { type SegmentToPublish } from '../ports/PlatformPublisher';
import { type LeasedJob, type PublishQueue } from '../ports/PublishQueue';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type AttemptHistory } from './AttemptHistory';
import { type PublishingLimits } from './PublishingLimits';
import { type PostStore } from '../posts/PostStore';
import { readBackCheckpoint } from './readBackCheckpoint';
import { type ReadBackSupport } from './ReadBackSupport';
import { inSegment, type JobResult, LeaseLost, OUTCOME_UNKNOWN } from './failureReasons';

/**
 * Begun: a call to make, a job settled without one, or (only when the caller waits for call
 * slots itself) a job whose connection had no free slot: nothing changed, the lease kept.
 */
export type Begun = BegunAlone | { readonly busy: { readonly connectionId: string } };
/** What a begin that does not wait for slots comes to. */
export type BegunAlone = BegunCall | { readonly settled: JobResult };
/**
 * A call to make, with the post as the begin's committed unit of work stored it: the outcome
 * is recorded on that snapshot while the post is still at its version (RecordOutcome).
 */
export interface BegunCall {
  readonly call: SegmentToPublish;
  readonly stored: PostSnapshot;
}
/** A begin's step inside its unit of work: a call's post is snapshotted once the unit's begins are all done. */
type Step = { readonly call: SegmentToPublish; readonly post: Post } | { readonly settled: JobResult } | { readonly busy: { readonly connectionId: string } };

export interface BeginOptions {
  /** A busy connection answers `busy` (the caller waits for a slot in this process) instead of giving the job back for busyRetryMs. */
  readonly waitsForSlots?: boolean;
}

/**
 * The first half of an attempt, in its own unit of work: the post locked, the target checked
 * and marked `publishing`, committed BEFORE the platform is called, so no database lock is
 * held across the call and a crash during it leaves a target that says a call was under way.
 */
export class BeginAttempt {
  constructor(
    private readonly store: PostStore,
    private readonly queue: PublishQueue,
    private readonly unitOfWork: UnitOfWork,
    private readonly history: AttemptHistory,
    private readonly limits: PublishingLimits,
    private readonly leases: HeldLeases,
    private readonly readBack: ReadBackSupport,
  ) {}

  /**
   * Several jobs begun in the caller's unit of work (BatchedAttempts): their posts read and
   * locked in one statement first, then each job exactly as `run` begins it alone.
   */
  async runEach(jobs: readonly LeasedJob[], now: Date, waitsForSlots = false): Promise<Map<string, Begun>> {
    const posts = await this.store.findAllLocked(jobs);
    const steps = new Map<string, Step>();
    for (const job of jobs) steps.set(job.targetId, await this.unitOfWork.run(() => this.step(job, now, posts.get(job.postId) ?? null, waitsForSlots)));
    // Each post as the unit leaves it, taken once: two targets of one post share its last save.
    const stored = new Map<Post, PostSnapshot>();
    const snapshotOf = (post: Post) => stored.get(post) ?? stored.set(post, post.toSnapshot()).get(post)!;
    const begun = new Map<string, Begun>();
    for (const [targetId, step] of steps) begun.set(targetId, 'post' in step ? { call: step.call, stored: snapshotOf(step.post) } : step);
    return begun;
  }

  run(job: LeasedJob, now: Date, options?: BeginOptions & { readonly waitsForSlots?: false }): Promise<BegunAlone>;
  run(job: LeasedJob, now: Date, options: BeginOptions): Promise<Begun>;
  run(job: LeasedJob, now: Date, { waitsForSlots = false }: BeginOptions = {}): Promise<Begun> {
    return this.unitOfWork.run(async () => {
      const step = await this.step(job, now, await this.store.findLocked(job.workspaceId, job.postId), waitsForSlots);
      return 'post' in step ? { call: step.call, stored: step.post.toSnapshot() } : step;
    });
  }

  /** One job's begin on its post as this unit of work locked it (null: gone). */
  private async step(job: LeasedJob, now: Date, post: Post | null, waitsForSlots: boolean): Promise<Step> {
    const target = post?.targets.find((t) => t.id === job.targetId);
    // Removed since it was claimed: its job went with it (where rows cascade), nothing to settle.
    if (post === null) {
      await this.queue.complete(job.targetId, job.leaseOwner);
      return { settled: 'not_publishable' };
    }
    // Back to draft or in review, or done since the job was queued: never published.
    if (target === undefined || !isGoingOut(post) || target.status === 'published' || target.status === 'failed') {
      return this.settle(job, await this.queue.complete(job.targetId, job.leaseOwner), 'not_publishable');
    }
    if (target.status === 'publishing') return this.settle(job, ...(await this.failUnknown(post, job, now)));
    const scheduledAt = target.scheduledAt;
    if (scheduledAt !== null && scheduledAt > now) {
      // Rescheduled while the job was held: it waits for the target's time, never earlier.
      return this.settle(job, await this.queue.release(job.targetId, job.leaseOwner, scheduledAt), 'not_due_yet');
    }
    // The lease renewed in this unit of work before anything is called: a worker that stalled
    // past its lease, whose job another settled meanwhile, makes no call (and where rows lock,
    // nobody settles the job while this begins).
    if (!(await this.leases.confirm(job.leaseOwner, job.targetId))) throw new LeaseLost(job.targetId, job.leaseOwner);
    const next = post.nextSegmentOf(target.id);
    // Past a limit the job waits, the target untouched: never failed for it. Admitted, the call holds a slot until PublishDueTargets gives it back.
    const call = { targetId: target.id, connectionId: target.connectionId, platform: target.settings.platform, segmentIndex: next.index };
    const delayed = await this.limits.admit(call, now);
    if (delayed?.result === 'connection_busy' && waitsForSlots) return { busy: { connectionId: call.connectionId } };
    if (delayed !== null) return this.settle(job, await this.queue.release(job.targetId, job.leaseOwner, delayed.until), delayed.result);
    const started = post.startPublishing(target.id, now);
    await this.store.persist(post, now, job.targetId);
    return {
      post,
      call: {
        connectionId: started.connectionId,
        settings: started.settings,
        text: next.segment.text,
        media: next.segment.media.map((m) => {
          const { id, altText, thumbnailTimestamp } = m.toSnapshot();
          return { id, altText, thumbnailTimestamp };
        }),
        segmentIndex: next.index,
        segmentCount: next.count,
        replyToPlatformPostId: next.previous?.platformPostId ?? null,
        checkpoint: target.checkpoint,
        idempotencyKey: `${started.id}:${next.index}:${started.segmentAttempts}`,
      },
    };
  }

  /**
   * A target already `publishing` whose job was queued: an earlier call's outcome was never
   * recorded, so it may have been posted. Reading the account back settles it where it can be
   * read; failing it is otherwise the only at-most-once answer.
   */
  private async failUnknown(post: Post, job: LeasedJob, now: Date): Promise<[boolean, JobResult]> {
    const next = post.nextSegmentOf(job.targetId);
    const unrecorded = `${OUTCOME_UNKNOWN}: an earlier call was never recorded`;
    const reason = inSegment(next.index, next.count, unrecorded);
    const target = post.targets.find((t) => t.id === job.targetId)!;
    const call = { job, connectionId: target.connectionId, attempt: target.attempts, segmentIndex: next.index, startedAt: null };
    await this.history.record(call, { kind: 'outcomeUnknown', reason: unrecorded }, now);
    const after = await this.readBack.firstReadAfterSeconds(target.connectionId, target.settings.platform);
    if (after !== null) {
      // Read back on a later turn: the earlier call went out at the earliest when the job fell due.
      post.awaitProcessing(job.targetId, readBackCheckpoint({ sentFrom: job.notBefore, sentUntil: now, reason: unrecorded }), now);
      await this.store.persist(post, now, job.targetId);
      return [await this.queue.release(job.targetId, job.leaseOwner, new Date(now.getTime() + after * 1000)), 'reading_back'];
    }
    post.markFailed(job.targetId, reason, now);
    await this.store.persist(post, now);
    return [await this.queue.fail(job.targetId, job.leaseOwner, reason), 'failed'];
  }

  private settle(job: LeasedJob, held: boolean, result: JobResult): Step {
    if (!held) throw new LeaseLost(job.targetId, job.leaseOwner);
    return { settled: result };
  }
}

/** A scheduled post's targets go out at their time; a publishing one's are under way. */
const isGoingOut = (post: Post): boolean => post.status === 'scheduled' || post.status === 'publishing';
