import { type TargetFigures } from '../../../../application/analytics/PostFigures';
import { type TargetMetricsRow } from '../../../../application/ports/TargetMetrics';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One target's figures as posts.metrics answers them (the MCP server's get_post_metrics too). */
export function presentTargetFigures(row: TargetMetricsRow | TargetFigures) {
  const history =
    'history' in row && row.history !== undefined
      ? { history: row.history.map((s) => ({ collectedAt: s.collectedAt.toISOString(), counts: s.counts, raw: s.raw })) }
      : {};
  return {
    targetId: row.targetId,
    platform: row.platform,
    connectionId: row.connectionId,
    platformPostId: row.platformPostId,
    postedAt: row.postedAt.toISOString(),
    counts: row.counts,
    raw: row.raw,
    deleted: row.deleted,
    collectedAt: iso(row.collectedAt),
    nextCollectionAt: iso(row.nextAt),
    lastError: row.lastError === null ? null : { message: row.lastError, at: iso(row.lastErrorAt) },
    ...history,
  };
}
