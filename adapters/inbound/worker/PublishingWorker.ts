import { type Logger } from '../../../application/ports/Logger';
import { type Timer, type Timers } from '../../../application/ports/Timers';
import { type ClaimAhead, type PublishDueTargets, type RoundReport } from '../../../application/publishing/PublishDueTargets';
import { type SettleExpiredLeases } from '../../../application/publishing/SettleExpiredLeases';
import { type JobResult } from '../../../application/publishing/failureReasons';
import { type LeaseHeartbeat } from './LeaseHeartbeat';

export interface WorkerTiming {
  /** The pause between the end of one tick and the start of the next. */
  readonly pollMs: number;
  /** What the pause and the drain's deadline are waited on (the system's, or a test's clock). */
  readonly timers: Timers;
}

/**
 * How far ahead a round claims at most, whatever the poll: a round waits for the last job it
 * claimed before the next one claims, so a post published now waits at most this long behind it.
 */
const MAX_CLAIM_AHEAD_MS = 1_000;

/** What `stop` came to: every round in flight finished, or the deadline passed first. */
export type StopResult = 'drained' | 'deadline_passed';

/**
 * The publishing loop (docs/decisions.md, "The publishing engine"): it drives the engine's
 * use cases as the HTTP adapter drives the others. Each tick settles the leases that ran
 * out, then runs rounds until none claims anything that moved; the next tick starts
 * `pollMs` after the last one ended, so ticks never overlap. A failed tick is logged and
 * the loop goes on. `stop` claims nothing more and waits for the round in flight: its
 * jobs are all under way (a round starts every job it claims), so they finish and are
 * recorded; past the deadline their leases are left to run out and be settled elsewhere.
 * The heartbeat renews the leases of the jobs under way from start until the drain is over.
 * A round claims what falls due within the next `pollMs` too (at most MAX_CLAIM_AHEAD_MS), and
 * waits on the timers for each job's time (PublishDueTargets.run): a job is called at its time,
 * not up to a poll late.
 */
export class PublishingWorker {
  private timer: Timer | null = null;
  private tickInFlight: Promise<void> | null = null;
  private stopping = false;
  private readonly ahead: ClaimAhead;

  constructor(
    private readonly settleExpired: Pick<SettleExpiredLeases, 'run'>,
    private readonly publishDue: Pick<PublishDueTargets, 'run'>,
    private readonly logger: Logger,
    readonly owner: string,
    private readonly timing: WorkerTiming,
    private readonly heartbeat: Pick<LeaseHeartbeat, 'start' | 'stop'> | null = null,
  ) {
    this.ahead = { ms: Math.min(timing.pollMs, MAX_CLAIM_AHEAD_MS), sleep: (ms) => new Promise((resolve) => timing.timers.after(ms, () => resolve())) };
  }

  start(): void {
    if (this.stopping || this.timer !== null || this.tickInFlight !== null) return;
    this.logger.info('publishing worker started', { owner: this.owner, pollMs: this.timing.pollMs });
    this.heartbeat?.start();
    this.scheduleTick(0);
  }

  /** Resolves once the tick in flight (if any) has ended, or at the deadline, whichever comes first. */
  async stop(deadlineMs: number): Promise<StopResult> {
    this.stopping = true;
    this.timer?.cancel();
    this.timer = null;
    const inFlight = this.tickInFlight;
    if (inFlight === null) return this.stopped('drained');
    let deadline: Timer | undefined;
    const passed = new Promise<StopResult>((resolve) => {
      deadline = this.timing.timers.after(deadlineMs, () => resolve('deadline_passed'));
    });
    const result = await Promise.race([inFlight.then((): StopResult => 'drained'), passed]);
    deadline?.cancel();
    return this.stopped(result);
  }

  private async stopped(result: StopResult): Promise<StopResult> {
    // Drained, nothing is held; past the deadline, what is held is left to run out.
    await this.heartbeat?.stop();
    const log = result === 'drained' ? this.logger.info : this.logger.warn;
    log.call(this.logger, 'publishing worker stopped', { owner: this.owner, result });
    return result;
  }

  /** One tick, as the loop runs it (errors logged, never thrown). */
  async tick(): Promise<void> {
    try {
      await this.settleExpired.run(this.owner);
      while (!this.stopping) {
        const report = await this.publishDue.run(this.owner, this.ahead);
        if (report.claimed > 0) this.logger.info('publishing round', { owner: this.owner, claimed: report.claimed, results: tally(report) });
        if (!movedOn(report)) break;
      }
    } catch (error) {
      this.logger.error('publishing tick failed', { owner: this.owner, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private scheduleTick(delayMs: number): void {
    if (this.stopping) return;
    this.timer = this.timing.timers.after(delayMs, () => {
      this.timer = null;
      this.tickInFlight = this.tick().finally(() => {
        this.tickInFlight = null;
        this.scheduleTick(this.timing.pollMs);
      });
    });
  }
}

/**
 * Another round at once only when this one got somewhere: a round whose jobs were all given
 * back (the database failing under it) waits for the next tick instead of spinning.
 */
const STALLED: ReadonlySet<JobResult> = new Set(['given_back', 'error']);
const movedOn = (report: RoundReport): boolean => report.claimed > 0 && report.results.some((r) => !STALLED.has(r.result));

function tally(report: RoundReport): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { result } of report.results) counts[result] = (counts[result] ?? 0) + 1;
  return counts;
}
