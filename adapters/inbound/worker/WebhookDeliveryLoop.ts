import { type Logger } from '../../../application/ports/Logger';
import { type Timer, type Timers } from '../../../application/ports/Timers';
import { type DeliverWebhooks } from '../../../application/webhooks/DeliverWebhooks';
import { type LeaseHeartbeat } from './LeaseHeartbeat';

/**
 * The worker's webhook loop (docs/webhooks.md): rounds of due deliveries until a round finds
 * none, then a pause of `pollMs`; rounds never overlap. A failed round is logged and the loop
 * goes on. `stop` starts no more rounds and waits for the one in flight, whose calls end
 * within their timeout. The heartbeat renews the leases of the deliveries a round holds until then.
 */
export class WebhookDeliveryLoop {
  private timer: Timer | null = null;
  private inFlight: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly deliver: Pick<DeliverWebhooks, 'run'>,
    private readonly logger: Logger,
    readonly owner: string,
    private readonly pollMs: number,
    private readonly timers: Timers,
    private readonly heartbeat: Pick<LeaseHeartbeat, 'start' | 'stop'> | null = null,
  ) {}

  start(): void {
    if (this.stopping || this.timer !== null || this.inFlight !== null) return;
    this.heartbeat?.start();
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.timer?.cancel();
    this.timer = null;
    await this.inFlight;
    await this.heartbeat?.stop();
  }

  /** Rounds until one attempts nothing (errors logged, never thrown). */
  async tick(): Promise<void> {
    try {
      while (!this.stopping && (await this.deliver.run(this.owner)) > 0);
    } catch (error) {
      this.logger.error('webhook delivery round failed', { owner: this.owner, error: error instanceof Error ? error.message : String(error) });
    }
  }

  private schedule(delayMs: number): void {
    if (this.stopping) return;
    this.timer = this.timers.after(delayMs, () => {
      this.timer = null;
      this.inFlight = this.tick().finally(() => {
        this.inFlight = null;
        this.schedule(this.pollMs);
      });
    });
  }
}
