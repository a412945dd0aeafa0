import { apiRouter } from '../../../adapters/inbound/http/operations/apiRouter';
import { WORKSPACE_VIEW_OPERATIONS } from '../../../adapters/inbound/http/operations/workspaceViewOperations';
import { MemorySetupSteps, MemoryWorkspaceReads } from '../../../adapters/outbound/persistence/memory/MemoryWorkspaceViews';
import { TypeOrmSetupSteps } from '../../../adapters/outbound/persistence/typeorm/workspaceViews/TypeOrmSetupSteps';
import { TypeOrmWorkspaceReads } from '../../../adapters/outbound/persistence/typeorm/workspaceViews/TypeOrmWorkspaceReads';
import { GetSetupStatus } from '../../../application/workspaceViews/GetSetupStatus';
import { GetWorkspaceOverview } from '../../../application/workspaceViews/GetWorkspaceOverview';
import { UpdateSetupSteps } from '../../../application/workspaceViews/UpdateSetupSteps';
import { type Capability } from '../Capability';
import { type SetupStepsStore } from '../../../application/ports/workspaceViews/SetupStepsStore';
import { type WorkspaceReads } from '../../../application/ports/workspaceViews/WorkspaceReads';
import { CORE_TOKENS } from '../../coreTokens';
import { BILLING_TOKENS } from '../billing/billing';
import { token } from '../../Wiring';

/** The workspace views: setup status and overview (docs/account.md). */
export const WORKSPACE_VIEW_TOKENS = {
  SetupStepsStore: token<SetupStepsStore>('SetupStepsStore'),
  WorkspaceReads: token<WorkspaceReads>('WorkspaceReads'),
  GetSetupStatus: token<GetSetupStatus>('GetSetupStatus'),
  UpdateSetupSteps: token<UpdateSetupSteps>('UpdateSetupSteps'),
  GetWorkspaceOverview: token<GetWorkspaceOverview>('GetWorkspaceOverview'),
};

const T = { ...CORE_TOKENS, ...BILLING_TOKENS, ...WORKSPACE_VIEW_TOKENS };

/** A person's views of a workspace: the setup status and the overview (docs/account.md). */
export const WORKSPACE_VIEWS: Capability = {
  name: 'workspaceViews',
  bind({ wiring: w, stores }) {
    w.value(T.SetupStepsStore, stores.pick({ database: (ds) => new TypeOrmSetupSteps(ds), memory: () => new MemorySetupSteps() }));
    w.build(T.WorkspaceReads, [T.PostRepository, T.ConnectionRepository, T.MembershipRepository], (posts, connections, memberships) =>
      stores.pick({ database: (ds) => new TypeOrmWorkspaceReads(ds), memory: () => new MemoryWorkspaceReads(posts, connections, memberships) }),
    );
    // Payment is asked for only where it can be taken: Stripe configured, not the test mode (TestModePaymentProvider bound).
    w.build(
      T.GetSetupStatus,
      [T.WorkspaceReads, T.WorkspaceSubscriptions, T.SetupStepsStore, T.TestModePaymentProvider],
      (reads, subscriptions, steps, testMode) => new GetSetupStatus(reads, subscriptions, steps, { paymentTaken: testMode === null }),
    );
    w.construct(T.UpdateSetupSteps, UpdateSetupSteps, [T.SetupStepsStore, T.UnitOfWork, T.Clock]);
    w.construct(T.GetWorkspaceOverview, GetWorkspaceOverview, [T.WorkspaceReads, T.ConnectionRepository, T.GetSetupStatus]);
  },
  routes: (get) => ({
    api: [apiRouter(WORKSPACE_VIEW_OPERATIONS, { setup: get(T.GetSetupStatus), updateSetup: get(T.UpdateSetupSteps), overview: get(T.GetWorkspaceOverview) })],
  }),
};
