import { type Clock } from '../ports/Clock';
import { type Logger } from '../ports/Logger';
import { type PlatformPublisher, type PublishOutcome, type SegmentToPublish } from '../ports/PlatformPublisher';
import { type LeasedJob, type PublishQueue } from '../ports/PublishQueue';
import { type BeginAttempt } from './BeginAttempt';
import { type JobResult, LeaseLost, OUTCOME_UNKNOWN } from './failureReasons';
import { type PublishingLimits } from './PublishingLimits';
import { type PublishingSettings } from './PublishingSettings';
import { type RecordOutcome } from './RecordOutcome';

export interface RoundReport {
  readonly claimed: number;
  readonly results: ReadonlyArray<{ readonly targetId: string; readonly result: JobResult }>;
}

/**
 * One round of the publishing engine (docs/decisions.md, "The publishing engine"): claims
 * the due jobs under `owner`'s lease and takes each through its attempt: begin (commit
 * `publishing`), call the platform with no database lock held, record the outcome. At
 * most once: nothing here calls a platform twice for one claim, and a call whose outcome
 * is lost is never repeated on the engine's own initiative.
 */
export class PublishDueTargets {
  constructor(
    private readonly queue: PublishQueue,
    private readonly begin: BeginAttempt,
    private readonly publisher: PlatformPublisher,
    private readonly record: RecordOutcome,
    private readonly clock: Clock,
    private readonly settings: PublishingSettings,
    private readonly logger: Logger,
    private readonly limits: PublishingLimits,
  ) {}

  async run(owner: string): Promise<RoundReport> {
    const { leaseMs, batchSize: limit } = this.settings;
    const jobs = await this.queue.claimDue({ owner, now: this.clock.now(), leaseMs, limit });
    const results = await Promise.all(jobs.map(async (job) => ({ targetId: job.targetId, result: await this.attempt(job) })));
    return { claimed: jobs.length, results };
  }

  private async attempt(job: LeasedJob): Promise<JobResult> {
    try {
      return await this.attemptHoldingSlot(job);
    } finally {
      // The connection's slot, taken when the attempt began (if it did), is free again.
      this.limits.done(job.targetId);
    }
  }

  private async attemptHoldingSlot(job: LeasedJob): Promise<JobResult> {
    let call: SegmentToPublish;
    try {
      const begun = await this.begin.run(job, this.clock.now());
      if ('settled' in begun) return begun.settled;
      call = begun.call;
    } catch (error) {
      // Nothing was sent: the job can go back as it was, unless it is no longer ours.
      return this.giveBack(job, error);
    }
    const startedAt = this.clock.now();
    const outcome = await this.call(call);
    try {
      return await this.record.run(job, call, outcome, startedAt, this.clock.now());
    } catch (error) {
      // The lease will run out and SettleExpiredLeases fail the target as outcome unknown:
      // the truth is in this line only, so it says everything.
      this.logger.error('publish outcome could not be recorded', { targetId: job.targetId, outcome: describe(outcome), error: String(error) });
      return error instanceof LeaseLost ? 'lease_lost' : 'error';
    }
  }

  /** A publisher reports failures as outcomes; one that throws may have sent the request. */
  private async call(segment: SegmentToPublish): Promise<PublishOutcome> {
    try {
      return await this.publisher.publish(segment);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { kind: 'outcomeUnknown', reason: `the publisher failed unexpectedly (${reason})` };
    }
  }

  private async giveBack(job: LeasedJob, error: unknown): Promise<JobResult> {
    if (error instanceof LeaseLost) return 'lease_lost';
    this.logger.error('publish attempt could not begin', { targetId: job.targetId, error: String(error) });
    const released = await this.queue.release(job.targetId, job.leaseOwner, this.clock.now()).catch(() => false);
    return released ? 'given_back' : 'error';
  }
}

const describe = (outcome: PublishOutcome): string =>
  outcome.kind === 'published' ? `published as ${outcome.platformPostId}` : `${outcome.kind}: ${'reason' in outcome ? outcome.reason : OUTCOME_UNKNOWN}`;
