import { type AnalyticsGroup, type AnalyticsQuery, type AnalyticsViews, type FiguresSummary } from '../../../../application/ports/AnalyticsViews';
import { type Collection, type MetricsSnapshot, type PostRef, type TargetMetrics, type TargetMetricsRow } from '../../../../application/ports/TargetMetrics';
import { COUNT_NAMES, type PostCounts } from '../../../../domain/analytics/PostCounts';
import { firstCollection } from '../../../../domain/analytics/MetricsSchedule';
import { type MemoryPostRepository } from './MemoryPostRepository';

const HOUR_MS = 3_600_000;

type Held = TargetMetricsRow & { leaseOwner: string | null; leaseUntil: number };

/** Published targets' figures in memory, found among the in-memory posts, and summed for the analytics. */
export class MemoryTargetMetrics implements TargetMetrics, AnalyticsViews {
  private readonly rows = new Map<string, Held>();
  private readonly snapshots = new Map<string, Array<MetricsSnapshot & { connectionId: string }>>();
  private readonly budgets = new Map<string, { windowStart: number; reads: number }>();

  constructor(private readonly posts: MemoryPostRepository) {
    posts.onRemove((_workspaceId, postId) => {
      for (const [id, row] of this.rows) if (row.postId === postId) this.rows.delete(id);
    });
  }

  async discover(since: Date, limit: number, only?: PostRef): Promise<number> {
    let added = 0;
    for (const post of this.posts.snapshots()) {
      if (only !== undefined && (post.id !== only.postId || post.workspaceId !== only.workspaceId)) continue;
      for (const t of post.targets) {
        if (added >= limit || t.status !== 'published' || t.postedAt === null || t.postedAt < since || t.platformPostId === null || this.rows.has(t.id))
          continue;
        const base = { targetId: t.id, workspaceId: post.workspaceId, postId: post.id, connectionId: t.connectionId, platform: t.settings.platform };
        const empty = { counts: null, raw: null, collectedAt: null, deleted: false, lastError: null, lastErrorAt: null, refreshRequestedAt: null };
        this.rows.set(t.id, {
          ...base,
          ...empty,
          platformPostId: t.platformPostId,
          postedAt: t.postedAt,
          nextAt: firstCollection(t.postedAt),
          leaseOwner: null,
          leaseUntil: 0,
        });
        added += 1;
      }
    }
    return added;
  }

  async claimDue(owner: string, now: Date, leaseMs: number, limit: number): Promise<TargetMetricsRow[]> {
    const due = [...this.rows.values()]
      .filter((r) => r.nextAt !== null && r.nextAt <= now && !r.deleted && r.leaseUntil < now.getTime())
      .sort((a, b) => a.nextAt!.getTime() - b.nextAt!.getTime())
      .slice(0, limit);
    for (const row of due) Object.assign(row, { leaseOwner: owner, leaseUntil: now.getTime() + leaseMs });
    return due.map(shown);
  }

  async record(collections: readonly Collection[], owner: string): Promise<void> {
    for (const c of collections) {
      const row = this.rows.get(c.targetId);
      if (row === undefined || row.leaseOwner !== owner) continue;
      const released = { leaseOwner: null, leaseUntil: 0 };
      const { collected } = c;
      if (collected.kind === 'counts') {
        Object.assign(row, {
          counts: collected.counts,
          raw: collected.raw,
          collectedAt: c.at,
          nextAt: c.nextAt,
          lastError: null,
          lastErrorAt: null,
          ...released,
        });
        const kept = this.snapshots.get(c.targetId) ?? [];
        if (!kept.some((s) => s.collectedAt.getTime() === c.at.getTime()))
          kept.push({ collectedAt: c.at, counts: collected.counts, raw: collected.raw, connectionId: c.connectionId });
        this.snapshots.set(c.targetId, kept);
      } else if (collected.kind === 'deleted') Object.assign(row, { deleted: true, collectedAt: c.at, nextAt: null, ...released });
      else Object.assign(row, { lastError: collected.reason, lastErrorAt: c.at, nextAt: c.nextAt, ...released });
    }
  }

  async defer(targetIds: readonly string[], owner: string, at: Date): Promise<void> {
    for (const id of targetIds) {
      const row = this.rows.get(id);
      if (row?.leaseOwner === owner) Object.assign(row, { nextAt: at, leaseOwner: null, leaseUntil: 0 });
    }
  }

  async spendRead(connectionId: string, now: Date, perHour: number): Promise<Date | null> {
    const budget = this.budgets.get(connectionId);
    if (budget === undefined || budget.windowStart <= now.getTime() - HOUR_MS) {
      this.budgets.set(connectionId, { windowStart: now.getTime(), reads: 1 });
      return null;
    }
    if (budget.reads >= perHour) return new Date(budget.windowStart + HOUR_MS);
    budget.reads += 1;
    return null;
  }

  async holdConnection(connectionId: string, until: Date): Promise<void> {
    for (const row of this.rows.values()) {
      if (row.connectionId === connectionId && !row.deleted && row.nextAt !== null && row.nextAt < until) Object.assign(row, { nextAt: until });
    }
  }

  async forPost(workspaceId: string, postId: string): Promise<TargetMetricsRow[]> {
    return [...this.rows.values()]
      .filter((r) => r.workspaceId === workspaceId && r.postId === postId)
      .sort((a, b) => a.postedAt.getTime() - b.postedAt.getTime() || a.targetId.localeCompare(b.targetId))
      .map(shown);
  }

  async history(targetIds: readonly string[]): Promise<ReadonlyMap<string, MetricsSnapshot[]>> {
    return new Map(targetIds.map((id) => [id, (this.snapshots.get(id) ?? []).map(({ collectedAt, counts, raw }) => ({ collectedAt, counts, raw }))]));
  }

  async requestRefresh(targetIds: readonly string[], now: Date): Promise<void> {
    for (const id of targetIds) {
      const row = this.rows.get(id);
      if (row !== undefined && !row.deleted) Object.assign(row, { nextAt: now, refreshRequestedAt: now });
    }
  }

  async summarize(query: AnalyticsQuery): Promise<{ groups: AnalyticsGroup[]; totalGroups: number; overall: FiguresSummary }> {
    const inRange = [...this.rows.values()].filter(
      (r) => r.workspaceId === query.workspaceId && !r.deleted && r.postedAt >= query.from && r.postedAt < query.to,
    );
    const keyOf = (r: TargetMetricsRow) =>
      query.groupBy === 'day' ? r.postedAt.toISOString().slice(0, 10) : query.groupBy === 'platform' ? r.platform : r.connectionId;
    const byKey = new Map<string, TargetMetricsRow[]>();
    for (const row of inRange) byKey.set(keyOf(row), [...(byKey.get(keyOf(row)) ?? []), row]);
    const keys = [...byKey.keys()].sort();
    const paged = query.groupBy === 'connection' ? keys.slice(query.offset, query.offset + query.limit) : keys;
    const groups = paged.map((key) => ({ key, ...summarized(byKey.get(key)!) }));
    return { groups, totalGroups: keys.length, overall: summarized(inRange) };
  }
}

/** Sums, and averages per target that reports each figure, as the database's summary gives them. */
function summarized(rows: readonly TargetMetricsRow[]): FiguresSummary {
  const figure = (pick: (sum: number, reported: number) => number) =>
    Object.fromEntries(
      COUNT_NAMES.map((name) => {
        const reported = rows.map((r) => r.counts?.[name] ?? null).filter((v): v is number => v !== null);
        return [
          name,
          reported.length === 0
            ? null
            : pick(
                reported.reduce((a, b) => a + b, 0),
                reported.length,
              ),
        ];
      }),
    ) as PostCounts;
  return {
    posts: new Set(rows.map((r) => r.postId)).size,
    targets: rows.length,
    sums: figure((sum) => sum),
    averages: figure((sum, reported) => Math.round((sum / reported) * 100) / 100),
  };
}

const shown = ({ leaseOwner: _owner, leaseUntil: _until, ...row }: Held): TargetMetricsRow => ({ ...row });
