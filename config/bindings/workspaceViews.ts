import { MemorySetupSteps, MemoryWorkspaceReads } from '../../adapters/outbound/persistence/memory/MemoryWorkspaceViews';
import { TypeOrmSetupSteps } from '../../adapters/outbound/persistence/typeorm/workspaceViews/TypeOrmSetupSteps';
import { TypeOrmWorkspaceReads } from '../../adapters/outbound/persistence/typeorm/workspaceViews/TypeOrmWorkspaceReads';
import { GetSetupStatus } from '../../application/workspaceViews/GetSetupStatus';
import { GetWorkspaceOverview } from '../../application/workspaceViews/GetWorkspaceOverview';
import { UpdateSetupSteps } from '../../application/workspaceViews/UpdateSetupSteps';
import { TOKENS as T } from '../tokens';
import { type Wiring } from '../Wiring';

/** The setup status and the overview: their stores on the database, or in memory when there is none. */
export function bindWorkspaceViews(w: Wiring): void {
  w.build(T.SetupStepsStore, [T.DataSource], (dataSource) => (dataSource === null ? new MemorySetupSteps() : new TypeOrmSetupSteps(dataSource)));
  w.build(T.WorkspaceReads, [T.DataSource, T.PostRepository, T.ConnectionRepository, T.MembershipRepository], (dataSource, posts, connections, memberships) =>
    dataSource === null ? new MemoryWorkspaceReads(posts, connections, memberships) : new TypeOrmWorkspaceReads(dataSource),
  );
  // Payment is asked for only where it can be taken: Stripe configured, not the test mode (TestModePaymentProvider bound).
  w.build(
    T.GetSetupStatus,
    [T.WorkspaceReads, T.WorkspaceSubscriptions, T.SetupStepsStore, T.TestModePaymentProvider],
    (reads, subscriptions, steps, testMode) => new GetSetupStatus(reads, subscriptions, steps, { paymentTaken: testMode === null }),
  );
  w.construct(T.UpdateSetupSteps, UpdateSetupSteps, [T.SetupStepsStore, T.UnitOfWork, T.Clock]);
  w.construct(T.GetWorkspaceOverview, GetWorkspaceOverview, [T.WorkspaceReads, T.ConnectionRepository, T.GetSetupStatus]);
}
