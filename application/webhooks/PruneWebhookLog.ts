import { type Clock } from '../ports/Clock';
import { type WebhookDeliveries } from '../ports/webhooks/WebhookDeliveries';
import { type WebhookSettings } from './WebhookSettings';

/** Deleted a batch at a time, so one sweep never holds the tables long. */
const BATCH = 500;

/**
 * A housekeeping chore (docs/webhooks.md, "The delivery log"): deliveries that ended longer ago
 * than the retention go, with their attempts, and so do the events none of them waits for.
 * Pending deliveries stay, however old.
 */
export class PruneWebhookLog {
  constructor(
    private readonly deliveries: WebhookDeliveries,
    private readonly clock: Clock,
    private readonly settings: WebhookSettings,
  ) {}

  async sweep(): Promise<{ deliveries: number }> {
    const before = new Date(this.clock.now().getTime() - this.settings.logRetentionMs);
    let pruned = 0;
    for (;;) {
      const gone = await this.deliveries.prune(before, BATCH);
      pruned += gone;
      if (gone < BATCH) return { deliveries: pruned };
    }
  }
}
