import { refreshTooSoon } from '../../domain/analytics/MetricsSchedule';
import { type PostRepository } from '../../domain/post/PostRepository';
import { notFound, TooSoon } from '../../domain/shared/DomainError';
import { type AnalyticsQuery, type AnalyticsViews } from '../ports/AnalyticsViews';
import { type Clock } from '../ports/Clock';
import { type MetricsSnapshot, type TargetMetrics, type TargetMetricsRow } from '../ports/TargetMetrics';

/** More than a post ever has targets: all of them. */
const EVERY_TARGET = 10_000;

/** A target's figures, with its collections when the history is asked for. */
export type TargetFigures = TargetMetricsRow & { readonly history?: readonly MetricsSnapshot[] };

/**
 * The figures the workers collected (docs/analytics.md), read from what is stored: a post's per
 * target (and their history), a refresh asked for (at most once per target per ten minutes),
 * and the workspace's sums over a range. No request ever calls a platform.
 */
export class PostFigures {
  constructor(
    private readonly posts: PostRepository,
    private readonly metrics: TargetMetrics,
    private readonly views: AnalyticsViews,
    private readonly clock: Clock,
  ) {}

  async ofPost(workspaceId: string, postId: string, withHistory: boolean): Promise<TargetFigures[]> {
    await this.mustExist(workspaceId, postId);
    const rows = await this.metrics.forPost(workspaceId, postId);
    if (!withHistory) return rows;
    const history = await this.metrics.history(rows.map((r) => r.targetId));
    return rows.map((row) => ({ ...row, history: history.get(row.targetId) ?? [] }));
  }

  /** The targets that may be collected again now; 429 when none may (naming when one may). */
  async refresh(workspaceId: string, postId: string): Promise<TargetMetricsRow[]> {
    await this.mustExist(workspaceId, postId);
    const now = this.clock.now();
    // A target published since the workers' last round, or before figures were collected at all, is taken on now.
    await this.metrics.discover(new Date(0), EVERY_TARGET, { workspaceId, postId });
    const live = (await this.metrics.forPost(workspaceId, postId)).filter((r) => !r.deleted);
    const allowed = live.filter((r) => refreshTooSoon(r.refreshRequestedAt, now) === null);
    if (live.length > 0 && allowed.length === 0) {
      const soonest = Math.min(...live.map((r) => refreshTooSoon(r.refreshRequestedAt, now)!.getTime()));
      const seconds = Math.max(1, Math.ceil((soonest - now.getTime()) / 1000));
      throw new TooSoon('refresh_too_soon', `figures are refreshed at most once every ten minutes; try again in ${seconds} seconds`, seconds);
    }
    await this.metrics.requestRefresh(
      allowed.map((r) => r.targetId),
      now,
    );
    return this.metrics.forPost(workspaceId, postId);
  }

  summarize(query: AnalyticsQuery) {
    return this.views.summarize(query);
  }

  private async mustExist(workspaceId: string, postId: string): Promise<void> {
    if ((await this.posts.findById(workspaceId, postId)) === null) throw notFound('Post');
  }
}
