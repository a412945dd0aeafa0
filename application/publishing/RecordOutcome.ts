import { type Post } from '../../domain/post/Post';
import { type PostSnapshot } from '../../domain/post/PostSnapshot';
import { type Logger } from '../ports/Logger';
import { type PublishOutcome, type SegmentToPublish } from '../ports/PlatformPublisher';
import { type LeasedJob, type PublishQueue } from '../ports/PublishQueue';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type AttemptHistory } from './AttemptHistory';
import { type PostStore } from '../posts/PostStore';
import { gaveUp, inSegment, type JobResult, LeaseLost, needsReconnect, notPosted, outcomeUnknown } from './failureReasons';
import { readBackCheckpoint, readBackStateOf } from './readBackCheckpoint';
import { type PublishingSettings } from './PublishingSettings';
import { retryDelayMs } from './retryDelay';

const MINUTE_MS = 60_000;

/** A call made, waiting for its outcome to be recorded. */
export interface CallOutcome {
  readonly job: LeasedJob;
  readonly call: SegmentToPublish;
  /** The post as the call's begin stored it (BegunCall): taken as it is while the post is still at its version. */
  readonly stored: PostSnapshot;
  readonly outcome: PublishOutcome;
  readonly startedAt: Date;
  readonly finishedAt: Date;
}

/**
 * The second half of an attempt, in a unit of work of its own: what the platform said goes
 * on the target, then the job follows (done, back in the queue at its next time, or failed).
 * The queue's change is conditional on the lease: a worker whose job was settled by another
 * meanwhile rolls everything back and leaves the target as the other recorded it.
 */
export class RecordOutcome {
  constructor(
    private readonly store: PostStore,
    private readonly queue: PublishQueue,
    private readonly unitOfWork: UnitOfWork,
    private readonly settings: PublishingSettings,
    private readonly logger: Logger,
    private readonly history: AttemptHistory,
  ) {}

  /**
   * Several outcomes recorded in the caller's unit of work (BatchedAttempts): their posts
   * locked in one statement first (each read again only if another save came after its
   * begin's: PostStore.findAllLocked), then each exactly as `run` records it alone.
   */
  async runEach(calls: readonly CallOutcome[]): Promise<Map<string, JobResult>> {
    const posts = await this.store.findAllLocked(
      calls.map((c) => c.job),
      calls.map((c) => c.stored),
    );
    const recorded = new Map<string, JobResult>();
    for (const made of calls) recorded.set(made.job.targetId, await this.run(made, posts.get(made.job.postId) ?? null));
    return recorded;
  }

  /** `locked`: the post as this unit of work already locked it (null: gone); locked here when absent. */
  run({ job, call, outcome, startedAt, finishedAt: now, stored }: CallOutcome, locked?: Post | null): Promise<JobResult> {
    return this.unitOfWork.run(async () => {
      const post = locked !== undefined ? locked : await this.store.findLocked(job.workspaceId, job.postId, stored);
      const target = post?.targets.find((t) => t.id === job.targetId);
      if (post === null || target === undefined || target.status !== 'publishing') {
        // Someone settled it while we were calling (our lease ran out): their record stands.
        this.logger.error('publish outcome arrived after its target was settled', { targetId: job.targetId, outcome: outcome.kind });
        return 'lease_lost';
      }
      const { connectionId, segmentIndex } = call;
      await this.history.record({ job, connectionId, attempt: target.attempts, segmentIndex, startedAt }, outcome, now);
      const fail = (reason: string) => this.fail(post, job, inSegment(call.segmentIndex, call.segmentCount, reason), now);
      switch (outcome.kind) {
        case 'published':
          return this.published(post, job, outcome, now);
        case 'retryLater': {
          const attempts = target.segmentAttempts;
          if (attempts >= this.settings.maxAttempts) return fail(gaveUp(attempts, outcome.reason));
          post.deferTarget(job.targetId, now);
          const at = new Date(now.getTime() + retryDelayMs(this.settings, job.targetId, attempts, outcome.afterSeconds));
          return this.held(job, await this.thenRelease(post, job, at, now), 'retry_scheduled');
        }
        case 'rejected':
          return fail(outcome.reason);
        case 'needsReconnect':
          return fail(needsReconnect(outcome.reason));
        case 'outcomeUnknown': {
          // Read back first where the account can be (never a second post): settled on a later turn.
          if (outcome.readBackAfterSeconds === undefined || readBackStateOf(call.checkpoint) !== null) return fail(outcomeUnknown(outcome.reason));
          post.awaitProcessing(job.targetId, readBackCheckpoint({ sentFrom: startedAt, sentUntil: now, reason: outcome.reason }), now);
          const at = new Date(now.getTime() + outcome.readBackAfterSeconds * 1000);
          return this.held(job, await this.thenRelease(post, job, at, now), 'reading_back');
        }
        case 'notPosted':
          return fail(notPosted(outcome.reason));
        case 'processing': {
          // Checks of a container the platform is processing are bounded apart from failed calls.
          const checks = target.segmentAttempts;
          if (checks >= this.settings.maxAttempts + this.settings.maxProcessingChecks) {
            return fail(`the platform was still processing the media after ${checks} checks: ${outcome.reason}`);
          }
          post.awaitProcessing(job.targetId, outcome.checkpoint, now);
          const at = new Date(now.getTime() + Math.max(1, outcome.afterSeconds) * 1000);
          return this.held(job, await this.thenRelease(post, job, at, now), 'processing');
        }
      }
    });
  }

  private async published(post: Post, job: LeasedJob, segment: Extract<PublishOutcome, { kind: 'published' }>, now: Date): Promise<JobResult> {
    const { platformPostId, platformPostUrl, postedAt } = segment;
    const target = post.markSegmentPublished(job.targetId, { platformPostId, platformPostUrl, postedAt }, now);
    if (target.status === 'published') {
      await this.store.persist(post, now);
      return this.held(job, await this.queue.complete(job.targetId, job.leaseOwner), 'published');
    }
    // The next segment's delay is a later time in the queue, never a sleep in the worker.
    const delayMinutes = post.nextSegmentOf(job.targetId).segment.delayMinutes ?? 0;
    const at = new Date(now.getTime() + delayMinutes * MINUTE_MS);
    return this.held(job, await this.thenRelease(post, job, at, now), 'segment_published');
  }

  /** Saved first: the save leaves a held job alone, so the release's time is the one that stays. */
  private async thenRelease(post: Post, job: LeasedJob, at: Date, now: Date): Promise<boolean> {
    await this.store.persist(post, now, job.targetId);
    return this.queue.release(job.targetId, job.leaseOwner, at);
  }

  private async fail(post: Post, job: LeasedJob, reason: string, now: Date): Promise<JobResult> {
    post.markFailed(job.targetId, reason, now);
    await this.store.persist(post, now);
    return this.held(job, await this.queue.fail(job.targetId, job.leaseOwner, reason), 'failed');
  }

  private held(job: LeasedJob, held: boolean, result: JobResult): JobResult {
    if (!held) throw new LeaseLost(job.targetId, job.leaseOwner);
    return result;
  }
}
