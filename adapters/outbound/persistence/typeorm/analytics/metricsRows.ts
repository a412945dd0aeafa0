import { type MetricsSnapshot, type TargetMetricsRow } from '../../../../../application/ports/TargetMetrics';
import { COUNT_NAMES, countsOf, type PostCounts, type RawCounts } from '../../../../../domain/analytics/PostCounts';
import { isPlatform } from '../../../../../domain/platform/Platform';
import { RowMappingError } from '../mappers/RowMappingError';
import { readJson } from '../sql/Dialect';

export type Raw = Record<string, unknown>;

export const METRICS_COLUMNS = `target_id, workspace_id, post_id, connection_id, platform, platform_post_id, posted_at_ms, ${COUNT_NAMES.join(', ')}, raw, collected_at_ms, next_at_ms, deleted, last_error, last_error_at_ms, refresh_requested_at_ms`;

/** A figure as a column holds it: null where the platform does not report it. */
const figureOf = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/** `likes = ?, …` and their values, in COUNT_NAMES' order. */
export const countAssignments = (counts: PostCounts): [string, Array<number | null>] => [
  COUNT_NAMES.map((name) => `${name} = ?`).join(', '),
  COUNT_NAMES.map((name) => counts[name]),
];

const msOrNull = (value: unknown): Date | null => (value === null || value === undefined ? null : new Date(Number(value)));
const rawOf = (value: unknown): RawCounts => (readJson(value) ?? {}) as RawCounts;

/** A target_metrics row as the port shows it; a platform the registry does not know is corrupt data. */
export function rowOf(row: Raw): TargetMetricsRow {
  const platform = String(row.platform);
  if (!isPlatform(platform)) throw new RowMappingError('target_metrics', String(row.target_id), `unknown platform ${platform}`);
  // Never collected: no figures at all (a collection writes raw, even empty).
  const counts = row.raw === null || row.raw === undefined ? null : (Object.fromEntries(COUNT_NAMES.map((name) => [name, figureOf(row[name])])) as PostCounts);
  return {
    targetId: String(row.target_id),
    workspaceId: String(row.workspace_id),
    postId: String(row.post_id),
    connectionId: String(row.connection_id),
    platform,
    platformPostId: String(row.platform_post_id),
    postedAt: new Date(Number(row.posted_at_ms)),
    counts,
    raw: counts === null ? null : rawOf(row.raw),
    collectedAt: msOrNull(row.collected_at_ms),
    nextAt: msOrNull(row.next_at_ms),
    deleted: Number(row.deleted) === 1,
    lastError: (row.last_error as string | null) ?? null,
    lastErrorAt: msOrNull(row.last_error_at_ms),
    refreshRequestedAt: msOrNull(row.refresh_requested_at_ms),
  };
}

export function snapshotOf(row: Raw): MetricsSnapshot {
  return { collectedAt: new Date(Number(row.collected_at_ms)), counts: countsOf(readJson(row.counts) as Record<string, unknown>), raw: rawOf(row.raw) };
}
