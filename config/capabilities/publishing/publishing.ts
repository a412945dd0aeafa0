import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { TARGET_ATTEMPT_OPERATIONS } from '../../../adapters/inbound/http/operations/targetAttemptOperations';
import { SandboxPublisher } from '../../../adapters/outbound/publishers/sandbox/SandboxPublisher';
import { HeldLeases } from '../../../application/leases/HeldLeases';
import { AttemptHistory } from '../../../application/publishing/AttemptHistory';
import { BeginAttempt } from '../../../application/publishing/BeginAttempt';
import { ConnectedPublisher } from '../../../application/publishing/ConnectedPublisher';
import { ConnectionCallSlots } from '../../../application/publishing/ConnectionCallSlots';
import { ListTargetAttempts } from '../../../application/publishing/ListTargetAttempts';
import { DEFAULT_PUBLISHING_SETTINGS, type PublishingSettings } from '../../../application/publishing/PublishingSettings';
import { PublishDueTargets } from '../../../application/publishing/PublishDueTargets';
import { PublishingLimits } from '../../../application/publishing/PublishingLimits';
import { ReadBack } from '../../../application/publishing/ReadBack';
import { ReadBackSupport } from '../../../application/publishing/ReadBackSupport';
import { RecordOutcome } from '../../../application/publishing/RecordOutcome';
import { SandboxRouting } from '../../../application/publishing/SandboxRouting';
import { SettleExpiredLeases } from '../../../application/publishing/SettleExpiredLeases';
import { type PlatformPublisher } from '../../../application/ports/PlatformPublisher';
import { type Capability } from '../Capability';
import { CONNECTION_TOKENS } from '../connections/connections';
import { CORE_TOKENS } from '../../coreTokens';
import { token } from '../../Wiring';

/** The publishing engine (docs/decisions.md, "The publishing engine") and the attempts it leaves. */
export const PUBLISHING_TOKENS = {
  PublishingSettings: token<PublishingSettings>('PublishingSettings'),
  /** Every platform's publisher behind one port (SandboxRouting picks the sandbox's, else the connected platform's). */
  PlatformPublishers: token<PlatformPublisher>('PlatformPublishers'),
  ConnectedPublisher: token<ConnectedPublisher>('ConnectedPublisher'),
  ReadBack: token<ReadBack>('ReadBack'),
  ReadBackSupport: token<ReadBackSupport>('ReadBackSupport'),
  AttemptHistory: token<AttemptHistory>('AttemptHistory'),
  PublishingLimits: token<PublishingLimits>('PublishingLimits'),
  BeginAttempt: token<BeginAttempt>('BeginAttempt'),
  RecordOutcome: token<RecordOutcome>('RecordOutcome'),
  PublishDueTargets: token<PublishDueTargets>('PublishDueTargets'),
  SettleExpiredLeases: token<SettleExpiredLeases>('SettleExpiredLeases'),
  /** The publish jobs this process's rounds hold, renewed by the worker's heartbeat. */
  JobLeases: token<HeldLeases>('JobLeases'),
  ListTargetAttempts: token<ListTargetAttempts>('ListTargetAttempts'),
};

const T = { ...CORE_TOKENS, ...CONNECTION_TOKENS, ...PUBLISHING_TOKENS };

/**
 * The publishing engine's use cases, for the worker (config/publishingWorker.ts) and the
 * tests, with the lease, batch and attempt bound of config.worker. Sandbox connections
 * publish through the sandbox (docs/decisions.md, "The sandbox platform"); real ones through
 * their platform's connector where the operator configured it, else "rejected" with a reason.
 */
export const PUBLISHING: Capability = {
  name: 'publishing',
  bind({ wiring: w, config }) {
    const { leaseMs, batchSize, maxAttempts } = config.worker;
    w.value(T.PublishingSettings, { ...DEFAULT_PUBLISHING_SETTINGS, leaseMs, batchSize, maxAttempts });
    w.construct(T.ReadBack, ReadBack, [T.Clock]);
    w.construct(T.ConnectedPublisher, ConnectedPublisher, [
      T.PlatformConnectors,
      T.ConnectionRepository,
      T.FreshGrants,
      T.MediaAccess,
      T.Clock,
      T.MarkNeedsReconnect,
      T.ReadBack,
    ]);
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
    w.construct(T.BeginAttempt, BeginAttempt, [
      T.PostStore,
      T.PublishQueue,
      T.UnitOfWork,
      T.AttemptHistory,
      T.PublishingLimits,
      T.JobLeases,
      T.ReadBackSupport,
    ]);
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
    w.construct(T.ListTargetAttempts, ListTargetAttempts, [T.PostViews, T.AttemptLog]);
  },
  routes: (get) => ({ api: [apiRouter(TARGET_ATTEMPT_OPERATIONS, get(T.ListTargetAttempts))] }),
};
