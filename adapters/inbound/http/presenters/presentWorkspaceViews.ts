import { type SetupStatus } from '../../../../application/workspaceViews/GetSetupStatus';
import { type WorkspaceOverview } from '../../../../application/workspaceViews/GetWorkspaceOverview';
import { presentConnection, timestamp } from './present';

export const presentSetupStatus = (s: SetupStatus) => ({
  workspaceId: s.workspaceId,
  connectedPlatforms: s.connectedPlatforms,
  subscription: s.subscription,
  optionalSteps: s.optionalSteps,
  outstandingAction: s.outstandingAction,
  onboardingComplete: s.onboardingComplete,
});

export const presentOverview = (o: WorkspaceOverview) => ({
  workspaceId: o.workspaceId,
  posts: o.posts,
  upcoming: o.upcoming.map((t) => ({
    postId: t.postId,
    targetId: t.targetId,
    connectionId: t.connectionId,
    platform: t.platform,
    scheduledAt: timestamp(t.scheduledAt),
  })),
  recentFailures: o.recentFailures.map((t) => ({
    postId: t.postId,
    targetId: t.targetId,
    connectionId: t.connectionId,
    platform: t.platform,
    error: t.error,
    failedAt: timestamp(t.failedAt),
  })),
  connections: { total: o.connections.total, data: o.connections.items.map(presentConnection) },
  setup: presentSetupStatus(o.setup),
  membersCount: o.membersCount,
});
