import { type HeldLeases } from '../leases/HeldLeases';
import { type Clock } from '../ports/Clock';
import { type Logger } from '../ports/Logger';
import { type PlatformPublisher, type PublishOutcome, type SegmentToPublish } from '../ports/PlatformPublisher';
import { type LeasedJob, type PublishQueue } from '../ports/PublishQueue';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { BatchedAttempts, type CallOutcome, OutcomeRecorder } from './BatchedAttempts';
import { type BeginAttempt, type Begun, type BegunCall } from './BeginAttempt';
import { type JobResult, LeaseLost, OUTCOME_UNKNOWN } from './failureReasons';
import { type PublishingLimits } from './PublishingLimits';
import { type PublishingSettings } from './PublishingSettings';
import { type RecordOutcome } from './RecordOutcome';

/** What the jobs of one round share: the group commit of their outcomes, and how it waits. */
interface Round {
  readonly recorder: OutcomeRecorder;
  readonly ahead?: ClaimAhead;
  /** Set for a job that already waited for a call slot: it waits no more. */
  readonly slotWaited?: boolean;
}

/** How far ahead a round claims, and how it waits for a job's time or a call slot (the worker's timers). */
export interface ClaimAhead {
  readonly ms: number;
  sleep(ms: number): Promise<void>;
}

export interface RoundReport {
  readonly claimed: number;
  readonly results: ReadonlyArray<{ readonly targetId: string; readonly result: JobResult }>;
}

/**
 * One round of the publishing engine (docs/decisions.md, "The publishing engine"): claims
 * the due jobs under `owner`'s lease and takes each through its attempt: begin (commit
 * `publishing`), call the platform with no database lock held, record the outcome. At
 * most once: nothing here calls a platform twice for one claim, and a call whose outcome
 * is lost is never repeated on the engine's own initiative. Where the unit of work rolls
 * back, the round's begins are one transaction and its outcomes are recorded in batches
 * (BatchedAttempts); a batch that fails is done again job by job.
 */
export class PublishDueTargets {
  private readonly batches: BatchedAttempts;

  constructor(
    private readonly queue: PublishQueue,
    private readonly begin: BeginAttempt,
    private readonly publisher: PlatformPublisher,
    private readonly record: RecordOutcome,
    private readonly clock: Clock,
    private readonly settings: PublishingSettings,
    private readonly logger: Logger,
    private readonly limits: PublishingLimits,
    unitOfWork: UnitOfWork,
    private readonly leases: HeldLeases,
  ) {
    this.batches = new BatchedAttempts(unitOfWork, begin, record, logger);
  }

  /**
   * `ahead`: claim what falls due within `ms` from now as well, and wait with `sleep` until each
   * job's time before its attempt begins (so `publishing` shows from the due time on, and no
   * platform is called early). The jobs that fall due together go together, each such wave
   * begun as soon as its time comes, while earlier waves' calls are still under way.
   */
  async run(owner: string, ahead?: ClaimAhead): Promise<RoundReport> {
    const { leaseMs, batchSize: limit } = this.settings;
    const horizon = new Date(this.clock.now().getTime() + (ahead?.ms ?? 0));
    const jobs = await this.queue.claimDue({ owner, now: horizon, leaseMs, limit });
    // Renewed by the worker's heartbeat until each job's attempt is over (HeldLeases).
    this.leases.hold(owner, jobs.map(targetIdOf));
    try {
      const round: Round = { recorder: new OutcomeRecorder(this.batches, (c) => this.recordAlone(c)), ahead };
      const waves: Array<Promise<RoundReport['results']>> = [];
      let waiting = [...jobs].sort(byDueTime);
      while (waiting.length > 0) {
        const now = this.clock.now();
        const wait = waiting[0]!.notBefore.getTime() - now.getTime();
        if (wait > 0 && ahead !== undefined) {
          await ahead.sleep(wait);
          continue;
        }
        const due = ahead === undefined ? -1 : waiting.findIndex((job) => job.notBefore > now);
        const wave = due === -1 ? waiting : waiting.slice(0, due);
        waiting = waiting.slice(wave.length);
        const done = this.wave(wave, now, round);
        // Awaited below, after the waits for later waves: never an unhandled rejection meanwhile.
        done.catch(() => undefined);
        waves.push(done);
      }
      return { claimed: jobs.length, results: (await Promise.all(waves)).flat() };
    } finally {
      for (const job of jobs) this.leases.letGo(owner, job.targetId);
    }
  }

  /** Jobs due now, begun together (a batch where the unit of work rolls back), each called and recorded. */
  private async wave(jobs: readonly LeasedJob[], now: Date, round: Round): Promise<RoundReport['results']> {
    const inBatch = this.batches.available && jobs.length > 1;
    const batched = inBatch ? await this.batches.beginAll(jobs, now, round.ahead !== undefined) : null;
    // Rolled back: job by job, the slots the batch took given back first.
    if (inBatch && batched === null) for (const job of jobs) this.limits.done(job.targetId);
    const attempt = (job: LeasedJob) =>
      batched === null ? this.attempt(job, round) : this.holdingSlot(job, () => this.callBegun(job, batched.get(job.targetId)!, round));
    return Promise.all(jobs.map(async (job) => ({ targetId: job.targetId, result: await attempt(job) })));
  }

  private attempt(job: LeasedJob, round: Round): Promise<JobResult> {
    return this.holdingSlot(job, () => this.attemptAlone(job, round));
  }

  private async holdingSlot(job: LeasedJob, attempt: () => Promise<JobResult>): Promise<JobResult> {
    try {
      return await attempt();
    } finally {
      // The connection's slot, taken when the attempt began (if it did), is free again; the
      // lease is no longer renewed (one whose outcome was not recorded runs out, and is settled).
      this.limits.done(job.targetId);
      this.leases.letGo(job.leaseOwner, job.targetId);
    }
  }

  private async callBegun(job: LeasedJob, begun: Begun, round: Round): Promise<JobResult> {
    if ('settled' in begun) return begun.settled;
    if ('busy' in begun) return this.onceSlotFree(job, begun.busy.connectionId, round);
    const startedAt = this.clock.now();
    const outcome = await this.call(begun.call);
    return round.recorder.add({ job, call: begun.call, stored: begun.stored, outcome, startedAt, finishedAt: this.clock.now() });
  }

  /**
   * Every call slot of the job's connection is taken in this process: the job waits here for
   * one, handed over as a call ends (longest waiting first), at most busyRetryMs, then begins
   * again; still busy then, it goes back to the queue for busyRetryMs as it always did.
   */
  private async onceSlotFree(job: LeasedJob, connectionId: string, round: Round): Promise<JobResult> {
    await this.limits.waitForSlot(connectionId, job.targetId, round.ahead!.sleep(this.settings.busyRetryMs));
    return this.attemptAlone(job, { ...round, slotWaited: true });
  }

  private async attemptAlone(job: LeasedJob, round: Round): Promise<JobResult> {
    let begun: BegunCall;
    try {
      const waitsForSlots = round.ahead !== undefined && round.slotWaited !== true;
      const begunNow = await this.begin.run(job, this.clock.now(), { waitsForSlots });
      if ('settled' in begunNow) return begunNow.settled;
      if ('busy' in begunNow) return this.onceSlotFree(job, begunNow.busy.connectionId, round);
      begun = begunNow;
    } catch (error) {
      // Nothing was sent: the job can go back as it was, unless it is no longer ours.
      return this.giveBack(job, error);
    }
    const startedAt = this.clock.now();
    const outcome = await this.call(begun.call);
    return this.recordAlone({ job, ...begun, outcome, startedAt, finishedAt: this.clock.now() });
  }

  private async recordAlone(made: CallOutcome): Promise<JobResult> {
    const { job, outcome } = made;
    try {
      return await this.record.run(made);
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

const targetIdOf = (job: LeasedJob): string => job.targetId;

/** Soonest first, ties by target id (the claim's order). */
const byDueTime = (a: LeasedJob, b: LeasedJob): number =>
  a.notBefore.getTime() - b.notBefore.getTime() || (a.targetId < b.targetId ? -1 : a.targetId > b.targetId ? 1 : 0);
