import { type Connection } from '../../domain/connection/Connection';
import { type ConnectionRepository } from '../../domain/connection/ConnectionRepository';
import { POST_STATUSES, type PostStatus } from '../../domain/post/PostStatus';
import { type FailedTarget, type UpcomingTarget, type WorkspaceReads } from '../ports/workspaceViews/WorkspaceReads';
import { type GetSetupStatus, type SetupStatus } from './GetSetupStatus';

/** How many of each list the overview shows (docs/account.md, "The overview"). */
export const OVERVIEW_UPCOMING = 5;
export const OVERVIEW_FAILED = 5;
export const OVERVIEW_CONNECTIONS = 100;

export interface WorkspaceOverview {
  readonly workspaceId: string;
  readonly posts: { readonly total: number; readonly byStatus: Record<PostStatus, number> };
  readonly upcoming: UpcomingTarget[];
  readonly recentFailures: FailedTarget[];
  readonly connections: { readonly total: number; readonly items: Connection[] };
  readonly setup: SetupStatus;
  readonly membersCount: number;
}

/**
 * GET /v1/me/overview/{workspaceId}: the workspace's command centre in one call. A fixed
 * number of queries whatever the workspace holds (docs/performance.md, "Issue 12: the overview").
 */
export class GetWorkspaceOverview {
  constructor(
    private readonly reads: WorkspaceReads,
    private readonly connections: ConnectionRepository,
    private readonly setup: GetSetupStatus,
  ) {}

  async execute(workspaceId: string): Promise<WorkspaceOverview> {
    // One after the other: side by side, sixteen requests at once would ask MySQL's pool for
    // 128 connections and be refused (docs/performance.md, "Issue 12: the overview").
    const counts = await this.reads.postCounts(workspaceId);
    const upcoming = await this.reads.upcomingTargets(workspaceId, OVERVIEW_UPCOMING);
    const recentFailures = await this.reads.recentFailedTargets(workspaceId, OVERVIEW_FAILED);
    const connections = await this.connections.listByWorkspace(workspaceId, { limit: OVERVIEW_CONNECTIONS, offset: 0 });
    const setup = await this.setup.execute(workspaceId);
    const membersCount = await this.reads.memberCount(workspaceId);
    const byStatus = Object.fromEntries(POST_STATUSES.map((status) => [status, counts[status] ?? 0])) as Record<PostStatus, number>;
    const total = POST_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
    return { workspaceId, posts: { total, byStatus }, upcoming, recentFailures, connections, setup, membersCount };
  }
}
