import { PublishingWorker } from '../adapters/inbound/worker/PublishingWorker';
import { HousekeepingLoop } from '../adapters/inbound/worker/HousekeepingLoop';
import { LeaseHeartbeat } from '../adapters/inbound/worker/LeaseHeartbeat';
import { WebhookDeliveryLoop } from '../adapters/inbound/worker/WebhookDeliveryLoop';
import { workerOwnerId } from '../adapters/inbound/worker/workerOwnerId';
import { type Composition } from './container';
import { TOKENS as T } from './tokens';

/**
 * A publishing worker on `composition`, leasing under a name of its own (host, pid and a
 * random part), at the pace of config.worker; not yet started.
 */
export function buildPublishingWorker(composition: Composition, pollMs = composition.get(T.Config).worker.pollMs): PublishingWorker {
  const owner = workerOwnerId();
  const logger = composition.get(T.Logger);
  const leases = composition.get(T.JobLeases);
  const timers = composition.get(T.Timers);
  const heartbeat = new LeaseHeartbeat(leases, owner, heartbeatMs(leases.leaseMs), logger, 'publish jobs', timers);
  return new PublishingWorker(composition.get(T.SettleExpiredLeases), composition.get(T.PublishDueTargets), logger, owner, { pollMs, timers }, heartbeat);
}

/** The worker's webhook deliveries (docs/webhooks.md), leasing under a name of its own; not yet started. */
export function buildWebhookDelivery(composition: Composition, pollMs = composition.get(T.Config).webhooks.pollMs): WebhookDeliveryLoop {
  const owner = workerOwnerId();
  const logger = composition.get(T.Logger);
  const leases = composition.get(T.DeliveryLeases);
  const timers = composition.get(T.Timers);
  const heartbeat = new LeaseHeartbeat(leases, owner, heartbeatMs(leases.leaseMs), logger, 'webhook deliveries', timers);
  return new WebhookDeliveryLoop(composition.get(T.DeliverWebhooks), logger, owner, pollMs, timers, heartbeat);
}

/** A lease lasts three beats: one late or failed beat never costs a live worker its work. */
const heartbeatMs = (leaseMs: number): number => Math.max(1, Math.floor(leaseMs / 3));

/**
 * The worker's housekeeping, every minute: expired uploads and interrupted processing
 * (docs/decisions.md, "Media"), grants renewed before they would die unused ("Connections"),
 * signers the accounts approved made into connections ("Farcaster"), ended codes, tokens and
 * sessions swept ("OAuth server"), and the webhook delivery log past its retention (docs/webhooks.md).
 */
export function buildHousekeeping(composition: Composition, everyMs = 60_000): HousekeepingLoop {
  const media = composition.get(T.MediaHousekeeping);
  const grants = composition.get(T.KeepGrantsAlive);
  const signers = composition.get(T.ConnectApprovedSigners);
  const authorizations = composition.get(T.SweepAuthorizations);
  const webhookLog = composition.get(T.PruneWebhookLog);
  const chores = [
    { name: 'media', run: () => media.sweep() },
    { name: 'grants', run: () => grants.sweep() },
    { name: 'signers', run: () => signers.sweep() },
    { name: 'authorizations', run: () => authorizations.sweep() },
    { name: 'webhook log', run: () => webhookLog.sweep() },
  ];
  return new HousekeepingLoop(chores, composition.get(T.Logger), everyMs, composition.get(T.Timers));
}

/**
 * The worker's collection of published posts' figures (docs/analytics.md), a round every
 * config.figures.pollMs, leasing under a name of its own; publishing goes first.
 */
export function buildFiguresCollection(composition: Composition, everyMs = composition.get(T.Config).figures.pollMs): HousekeepingLoop {
  const figures = composition.get(T.CollectFigures);
  const owner = workerOwnerId();
  return new HousekeepingLoop([{ name: 'figures', run: () => figures.run(owner) }], composition.get(T.Logger), everyMs, composition.get(T.Timers));
}

/**
 * On the first SIGTERM or SIGINT: `stopping` (stop claiming and let what is in flight end,
 * within config.worker.drainMs), then the composition closes and the process exits 0; a
 * stop that cannot finish in time (a hung database) exits 1 a little later.
 */
export function exitOnSignals(composition: Composition, stopping: () => Promise<unknown>): void {
  const logger = composition.get(T.Logger);
  const { drainMs } = composition.get(T.Config).worker;
  const shutdown = (signal: string) => {
    logger.info('shutting down', { signal, drainMs });
    setTimeout(() => process.exit(1), drainMs + 10_000).unref();
    void stopping()
      .then(() => composition.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error('shutdown failed', { error: error instanceof Error ? error.message : String(error) });
          process.exit(1);
        },
      );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
