import { ReadBackSupport } from '../../application/publishing/ReadBackSupport';
import { HeldLeases } from '../../application/leases/HeldLeases';
import { AttemptHistory } from '../../application/publishing/AttemptHistory';
import { BeginAttempt } from '../../application/publishing/BeginAttempt';
import { ConnectionCallSlots } from '../../application/publishing/ConnectionCallSlots';
import { PublishingLimits } from '../../application/publishing/PublishingLimits';
import { SandboxPublisher } from '../../adapters/outbound/publishers/sandbox/SandboxPublisher';
import { SandboxRouting } from '../../application/publishing/SandboxRouting';
import { DEFAULT_PUBLISHING_SETTINGS } from '../../application/publishing/PublishingSettings';
import { PublishDueTargets } from '../../application/publishing/PublishDueTargets';
import { RecordOutcome } from '../../application/publishing/RecordOutcome';
import { SettleExpiredLeases } from '../../application/publishing/SettleExpiredLeases';
import { type Config } from '../env';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/**
 * The publishing engine's use cases, for the worker (config/publishingWorker.ts) and the
 * tests, with the lease, batch and attempt bound of config.worker. Sandbox connections
 * publish through the sandbox (docs/decisions.md, "The sandbox platform"); real ones through
 * their platform's connector where the operator configured it, else "rejected" with a reason.
 */
export function bindPublishing(w: Wiring, config: Config): void {
  const { leaseMs, batchSize, maxAttempts } = config.worker;
  w.value(T.PublishingSettings, { ...DEFAULT_PUBLISHING_SETTINGS, leaseMs, batchSize, maxAttempts });
  w.build(
    T.PlatformPublishers,
    [T.ConnectionRepository, T.SandboxPosts, T.AttemptLog, T.IdGenerator, T.Clock, T.ConnectedPublisher],
    (connections, posts, log, ids, clock, connected) =>
      new SandboxRouting(connected, { connections, publisher: new SandboxPublisher(posts, log, ids, clock, config.http.baseUrl) }),
  );
  w.construct(T.AttemptHistory, AttemptHistory, [T.AttemptLog, T.IdGenerator]);
  // One per process: every engine round of the process shares the connections' slots.
  w.build(T.ConnectionCallSlots, [T.PublishingSettings], (s) => new ConnectionCallSlots(s.maxCallsPerConnection));
  w.construct(T.PublishingLimits, PublishingLimits, [T.ConnectionCallSlots, T.AttemptLog, T.PublishingSettings]);
  // One per process: the worker's heartbeat renews what every round of the process holds.
  w.build(T.JobLeases, [T.PublishQueue, T.Clock, T.PublishingSettings], (queue, clock, s) => new HeldLeases(queue, clock, s.leaseMs));
  w.construct(T.ReadBackSupport, ReadBackSupport, [T.PlatformConnectors, T.ConnectionRepository]);
  w.construct(T.BeginAttempt, BeginAttempt, [T.PostStore, T.PublishQueue, T.UnitOfWork, T.AttemptHistory, T.PublishingLimits, T.JobLeases, T.ReadBackSupport]);
  w.construct(T.RecordOutcome, RecordOutcome, [T.PostStore, T.PublishQueue, T.UnitOfWork, T.PublishingSettings, T.Logger, T.AttemptHistory]);
  w.construct(T.PublishDueTargets, PublishDueTargets, [
    T.PublishQueue,
    T.BeginAttempt,
    T.PlatformPublishers,
    T.RecordOutcome,
    T.Clock,
    T.PublishingSettings,
    T.Logger,
    T.PublishingLimits,
    T.UnitOfWork,
    T.JobLeases,
  ]);
  w.construct(T.SettleExpiredLeases, SettleExpiredLeases, [
    T.PublishQueue,
    T.PostStore,
    T.UnitOfWork,
    T.Clock,
    T.PublishingSettings,
    T.AttemptHistory,
    T.JobLeases,
    T.ReadBackSupport,
  ]);
}
