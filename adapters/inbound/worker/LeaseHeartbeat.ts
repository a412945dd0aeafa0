import { type HeldLeases } from '../../../application/leases/HeldLeases';
import { type Logger } from '../../../application/ports/Logger';
import { type Timer, type Timers } from '../../../application/ports/Timers';

/**
 * Renews, every `everyMs` (a third of the lease), the leases its worker holds while it runs
 * (docs/decisions.md, "The publishing worker"): a live worker keeps its work however long a
 * call takes, a dead one's comes back to the others within a lease. The beats share the
 * worker's event loop, so a process that stalls past the lease loses its leases as a dead one
 * does; what it then finds taken it leaves alone. Beats never overlap; a failed one is logged
 * and the next tries again (a lease lasts three beats).
 */
export class LeaseHeartbeat {
  private timer: Timer | null = null;
  private beating: Promise<void> | null = null;

  constructor(
    private readonly leases: Pick<HeldLeases, 'renew'>,
    private readonly owner: string,
    private readonly everyMs: number,
    private readonly logger: Logger,
    /** What the leases are for, in the log: "publish jobs", "webhook deliveries". */
    private readonly what: string,
    private readonly timers: Timers,
  ) {}

  start(): void {
    if (this.timer !== null) return;
    this.timer = this.timers.every(this.everyMs, () => {
      this.beating ??= this.beat().finally(() => {
        this.beating = null;
      });
    });
  }

  /** No beat after this; resolves once a beat under way has ended. */
  async stop(): Promise<void> {
    this.timer?.cancel();
    this.timer = null;
    await this.beating;
  }

  async beat(): Promise<void> {
    try {
      const { lost } = await this.leases.renew(this.owner);
      if (lost.length > 0) this.logger.warn('leases lost to another worker: this one stalled past them', { owner: this.owner, what: this.what, ids: lost });
    } catch (error) {
      this.logger.error('lease renewal failed', { owner: this.owner, what: this.what, error: error instanceof Error ? error.message : String(error) });
    }
  }
}
