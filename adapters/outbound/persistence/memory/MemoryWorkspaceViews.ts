import { type SetupStepsStore } from '../../../../application/ports/workspaceViews/SetupStepsStore';
import { type FailedTarget, type UpcomingTarget, type WorkspaceReads } from '../../../../application/ports/workspaceViews/WorkspaceReads';
import { type ConnectionRepository } from '../../../../domain/connection/ConnectionRepository';
import { type Platform } from '../../../../domain/platform/Platform';
import { type PostRepository } from '../../../../domain/post/PostRepository';
import { type PostStatus } from '../../../../domain/post/PostStatus';
import { type MembershipRepository } from '../../../../domain/workspace/MembershipRepository';
import { type SetupSteps } from '../../../../domain/workspace/SetupSteps';

/** Setup steps in this process's memory: for the unit tests. */
export class MemorySetupSteps implements SetupStepsStore {
  private readonly byWorkspace = new Map<string, SetupSteps>();

  async find(workspaceId: string): Promise<SetupSteps> {
    return { ...this.byWorkspace.get(workspaceId) };
  }

  async merge(workspaceId: string, steps: SetupSteps): Promise<number> {
    const merged = { ...this.byWorkspace.get(workspaceId), ...steps };
    this.byWorkspace.set(workspaceId, merged);
    return Object.keys(merged).length;
  }
}

const EVERYTHING = { limit: Number.MAX_SAFE_INTEGER, offset: 0 };
const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** The workspace reads computed from the in-memory repositories, in the TypeORM adapter's order. */
export class MemoryWorkspaceReads implements WorkspaceReads {
  constructor(
    private readonly posts: PostRepository,
    private readonly connections: ConnectionRepository,
    private readonly memberships: MembershipRepository,
  ) {}

  async activePlatforms(workspaceId: string): Promise<Platform[]> {
    const { items } = await this.connections.listByWorkspace(workspaceId, EVERYTHING);
    return [...new Set(items.filter((c) => c.isActive).map((c) => c.platform))].sort(byKey);
  }

  async postCounts(workspaceId: string): Promise<Partial<Record<PostStatus, number>>> {
    const counts: Partial<Record<PostStatus, number>> = {};
    for (const post of await this.all(workspaceId)) counts[post.status] = (counts[post.status] ?? 0) + 1;
    return counts;
  }

  async upcomingTargets(workspaceId: string, limit: number): Promise<UpcomingTarget[]> {
    return (await this.all(workspaceId))
      .filter((post) => post.status === 'scheduled' || post.status === 'publishing')
      .flatMap((post) =>
        post.targets
          .filter((t) => t.status === 'pending' && t.scheduledAt !== null)
          .map((t) => ({ postId: post.id, targetId: t.id, connectionId: t.connectionId, platform: t.platform, scheduledAt: t.scheduledAt! })),
      )
      .sort((a, b) => a.scheduledAt.getTime() - b.scheduledAt.getTime() || byKey(a.targetId, b.targetId))
      .slice(0, limit);
  }

  async recentFailedTargets(workspaceId: string, limit: number): Promise<FailedTarget[]> {
    return (await this.all(workspaceId))
      .filter((post) => post.status === 'failed' || post.status === 'partially_failed')
      .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || byKey(b.id, a.id))
      .flatMap((post) =>
        post.targets
          .filter((t) => t.status === 'failed')
          .map((t) => ({ postId: post.id, targetId: t.id, connectionId: t.connectionId, platform: t.platform, error: t.error, failedAt: post.updatedAt })),
      )
      .slice(0, limit);
  }

  async memberCount(workspaceId: string): Promise<number> {
    return (await this.memberships.listByWorkspace(workspaceId)).length;
  }

  private async all(workspaceId: string) {
    return (await this.posts.list({ workspaceId, ...EVERYTHING })).items;
  }
}
