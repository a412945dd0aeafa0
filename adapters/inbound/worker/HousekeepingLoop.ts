import { type Logger } from '../../../application/ports/Logger';
import { type Timer, type Timers } from '../../../application/ports/Timers';

/** One chore of the worker's housekeeping: it reports what it did, for the log. */
export interface Chore {
  readonly name: string;
  run(): Promise<Record<string, number>>;
}

/**
 * Chores that keep stores tidy (expired uploads, interrupted processing), run by the worker
 * every `everyMs` on the service's timers: one at a time, a failure logged and retried next time, never overlapping.
 */
export class HousekeepingLoop {
  private timer: Timer | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly chores: readonly Chore[],
    private readonly logger: Logger,
    private readonly everyMs: number,
    private readonly timers: Timers,
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = this.timers.every(this.everyMs, () => void this.runOnce());
    void this.runOnce();
  }

  async stop(): Promise<void> {
    this.timer?.cancel();
    this.timer = null;
    await this.running;
  }

  /** Every chore once, unless a round is still running. */
  runOnce(): Promise<void> {
    this.running ??= this.round().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async round(): Promise<void> {
    for (const chore of this.chores) {
      try {
        const done = await chore.run();
        if (Object.values(done).some((n) => n > 0)) this.logger.info('housekeeping', { chore: chore.name, ...done });
      } catch (error) {
        this.logger.error('housekeeping failed', { chore: chore.name, error: error instanceof Error ? error.message : String(error) });
      }
    }
  }
}
