import { type PostCounts } from '../../domain/analytics/PostCounts';

/** The longest range the analytics sum over. */
export const MAX_ANALYTICS_DAYS = 400;

export const ANALYTICS_GROUPS = ['day', 'platform', 'connection'] as const;
export type AnalyticsGroupBy = (typeof ANALYTICS_GROUPS)[number];

/** Figures over a set of published targets: sums, and averages per target that reports each figure. */
export interface FiguresSummary {
  /** Posts with at least one target published in the range. */
  readonly posts: number;
  /** Targets published in the range (one post on one account). */
  readonly targets: number;
  readonly sums: PostCounts;
  readonly averages: PostCounts;
}

export interface AnalyticsGroup extends FiguresSummary {
  /** The day (YYYY-MM-DD, UTC), the platform, or the connection id. */
  readonly key: string;
}

export interface AnalyticsQuery {
  readonly workspaceId: string;
  readonly from: Date;
  readonly to: Date;
  readonly groupBy: AnalyticsGroupBy;
  readonly limit: number;
  readonly offset: number;
}

/** The workspace's figures over time, from stored collections only (never a platform call). */
export interface AnalyticsViews {
  /** `groups` ordered by key (paged where grouped by connection), `totalGroups` before paging, `overall` for the whole range. */
  summarize(query: AnalyticsQuery): Promise<{ groups: AnalyticsGroup[]; totalGroups: number; overall: FiguresSummary }>;
}
