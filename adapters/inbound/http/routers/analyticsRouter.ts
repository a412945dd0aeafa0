import { Router } from '@koa/router';
import { type PostFigures, type TargetFigures } from '../../../../application/analytics/PostFigures';
import { ANALYTICS_GROUPS, type AnalyticsGroupBy, type FiguresSummary, MAX_ANALYTICS_DAYS } from '../../../../application/ports/AnalyticsViews';
import { type TargetMetricsRow } from '../../../../application/ports/TargetMetrics';
import { validationError } from '../../../../domain/shared/DomainError';
import { instantQuery } from '../instantQuery';
import { parsePage } from '../query';
import { type RouteKit } from '../RouteKit';
import { type AppState } from '../state';
import { actorOf } from './postActor';

const DAY_MS = 86_400_000;
const POST = '/v1/workspaces/:workspaceId/posts/:id/metrics';

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One target's figures as posts.metrics answers them (the MCP server's get_post_metrics too). */
export function presentTarget(row: TargetMetricsRow | TargetFigures) {
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

const summary = (s: FiguresSummary) => ({ posts: s.posts, targets: s.targets, sums: s.sums, averages: s.averages });

/** Published posts' figures and the workspace's analytics (docs/analytics.md), with stats:read. */
export function analyticsRouter({ access, writes }: RouteKit, figures: PostFigures): Router<AppState> {
  const router = new Router<AppState>();
  const canRead = access('stats:read');
  router.get(POST, canRead, async (ctx) => {
    const history = historyOf(ctx.query.history);
    ctx.body = { data: (await figures.ofPost(actorOf(ctx).workspaceId, ctx.params.id!, history)).map(presentTarget) };
  });
  // A request to the workers, not a write: the figures come on their next round (FIGURES_POLL_MS).
  router.post(`${POST}/refresh`, canRead, writes, async (ctx) => {
    ctx.status = 202;
    ctx.body = { data: (await figures.refresh(actorOf(ctx).workspaceId, ctx.params.id!)).map(presentTarget) };
  });
  router.get('/v1/workspaces/:workspaceId/analytics', canRead, async (ctx) => {
    const from = instantQuery(ctx.query, 'from', true)!;
    const to = instantQuery(ctx.query, 'to', true)!;
    if (to <= from) throw validationError('invalid_query', [{ path: 'to', message: 'must be after from' }]);
    if (to.getTime() - from.getTime() > MAX_ANALYTICS_DAYS * DAY_MS) {
      throw validationError('invalid_query', [{ path: 'to', message: `must be at most ${MAX_ANALYTICS_DAYS} days after from` }]);
    }
    const groupBy = groupByOf(ctx.query.groupBy);
    const page = parsePage(ctx.query);
    const result = await figures.summarize({ workspaceId: actorOf(ctx).workspaceId, from, to, groupBy, ...page });
    ctx.body = {
      from: from.toISOString(),
      to: to.toISOString(),
      groupBy,
      overall: summary(result.overall),
      data: result.groups.map((g) => ({ key: g.key, ...summary(g) })),
      total: result.totalGroups,
      ...page,
    };
  });
  return router;
}

function groupByOf(raw: string | string[] | undefined): AnalyticsGroupBy {
  if (raw === undefined || raw === '') return 'day';
  if (typeof raw === 'string' && (ANALYTICS_GROUPS as readonly string[]).includes(raw)) return raw as AnalyticsGroupBy;
  throw validationError('invalid_query', [{ path: 'groupBy', message: `must be one of ${ANALYTICS_GROUPS.join(', ')}` }]);
}

function historyOf(raw: string | string[] | undefined): boolean {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  throw validationError('invalid_query', [{ path: 'history', message: 'must be true or false' }]);
}
