import { type Logger } from '../ports/Logger';
import { type LeasedJob } from '../ports/PublishQueue';
import { type UnitOfWork } from '../ports/UnitOfWork';
import { type BeginAttempt, type Begun } from './BeginAttempt';
import { type JobResult } from './failureReasons';
import { type CallOutcome, type RecordOutcome } from './RecordOutcome';

export type { CallOutcome };

/** Posts in a stable order (then targets): two batches lock the posts they share in the same order. */
const byPost = (a: LeasedJob, b: LeasedJob): number =>
  a.postId < b.postId ? -1 : a.postId > b.postId ? 1 : a.targetId < b.targetId ? -1 : a.targetId > b.targetId ? 1 : 0;

/**
 * Several jobs' begins, or several outcomes, in ONE set-wise unit of work (docs/decisions.md,
 * "The publishing engine"): their posts read and locked in one statement, then each step
 * exactly what BeginAttempt or RecordOutcome does alone, the writes gathered and sent at the
 * commit (UnitOfWork.runSetWise). Only where the unit of work rolls back: a batch that fails
 * changed nothing, and the caller does its jobs one by one instead (null).
 */
export class BatchedAttempts {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly begin: BeginAttempt,
    private readonly record: RecordOutcome,
    private readonly logger: Logger,
  ) {}

  get available(): boolean {
    return this.unitOfWork.atomic;
  }

  /** Every job begun (committed `publishing`, or settled) by target id, or null when the batch rolled back. */
  async beginAll(jobs: readonly LeasedJob[], now: Date, waitsForSlots = false): Promise<Map<string, Begun> | null> {
    return this.inOne(jobs.length, () => this.begin.runEach([...jobs].sort(byPost), now, waitsForSlots));
  }

  /** Every outcome recorded, by target id, or null when the batch rolled back. */
  async recordAll(calls: readonly CallOutcome[]): Promise<Map<string, JobResult> | null> {
    return this.inOne(calls.length, () => this.record.runEach([...calls].sort((a, b) => byPost(a.job, b.job))));
  }

  private async inOne<T>(jobs: number, work: () => Promise<Map<string, T>>): Promise<Map<string, T> | null> {
    if (!this.unitOfWork.atomic) return null;
    try {
      return await this.unitOfWork.runSetWise(work);
    } catch (error) {
      this.logger.warn('a batch of the publishing engine rolled back: its jobs go one by one', { jobs, error: String(error) });
      return null;
    }
  }
}

/**
 * Records outcomes as their calls end, each call's with whatever others ended meanwhile
 * (a group commit): a slow call never holds back the record of a quick one. A batch that
 * rolled back is recorded one outcome at a time by `alone`.
 */
export class OutcomeRecorder {
  private waiting: Array<{ readonly call: CallOutcome; readonly done: (result: JobResult) => void }> = [];
  private draining = false;

  constructor(
    private readonly batches: BatchedAttempts,
    private readonly alone: (call: CallOutcome) => Promise<JobResult>,
  ) {}

  add(call: CallOutcome): Promise<JobResult> {
    return new Promise((done) => {
      this.waiting.push({ call, done });
      if (!this.draining) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.draining = true;
    while (this.waiting.length > 0) {
      // The calls that end together (in the same turn of the event loop) go in one batch.
      await new Promise((resolve) => setImmediate(resolve));
      const batch = this.waiting.splice(0);
      const recorded = batch.length > 1 ? await this.batches.recordAll(batch.map((w) => w.call)) : null;
      await Promise.all(batch.map(async (w) => w.done(recorded?.get(w.call.job.targetId) ?? (await this.alone(w.call)))));
    }
    this.draining = false;
  }
}
