import { type PostFigures } from '../../../../application/analytics/PostFigures';
import { ANALYTICS_GROUPS, type AnalyticsGroupBy, type FiguresSummary, MAX_ANALYTICS_DAYS } from '../../../../application/ports/AnalyticsViews';
import { validationError } from '../../../../domain/shared/DomainError';
import { instantQuery } from '../instantQuery';
import { POSTS_ERRORS } from '../openapi/paths/postParameters';
import { parameterRef, schemaRef } from '../openapi/refs';
import { presentTargetFigures } from '../presenters/presentTargetFigures';
import { everyQueryProblem, parsePage } from '../query';
import { actorOf } from '../routers/postActor';
import { type ApiOperations } from './ApiOperation';

const DAY_MS = 86_400_000;
const METRICS = '/v1/workspaces/{workspaceId}/posts/{id}/metrics';
const postId = { name: 'id', in: 'path', required: true, description: 'The post.', schema: { type: 'string', minLength: 1 } } as const;
const instant = (name: string, description: string) =>
  ({ name, in: 'query', required: true, description, schema: { type: 'string', format: 'date-time' } }) as const;

const summary = (s: FiguresSummary) => ({ posts: s.posts, targets: s.targets, sums: s.sums, averages: s.averages });

/** Published posts' figures and the workspace's analytics (docs/analytics.md), with stats:read. */
export const ANALYTICS_OPERATIONS: ApiOperations<PostFigures> = [
  {
    method: 'get',
    path: METRICS,
    operationId: 'posts.metrics',
    summary: "What each of a post's published targets did, as last collected from the platform",
    description:
      'Needs stats:read. Served from what the workers stored (about an hour, a day and a week after a target went out, and when refreshed): ' +
      'never a platform call per request. `?history=true` adds every collection.',
    tags: ['analytics'],
    scope: 'stats:read',
    parameters: [
      parameterRef('WorkspaceId'),
      postId,
      {
        name: 'history',
        in: 'query',
        required: false,
        description: 'true: every collection, oldest first.',
        schema: { type: 'string', enum: ['true', 'false'] },
      },
    ],
    success: { status: 200, description: "The post's published targets' figures.", schema: schemaRef('TargetMetricsList') },
    errors: POSTS_ERRORS,
    async handle(ctx, figures) {
      const history = historyOf(ctx.query.history);
      ctx.body = { data: (await figures.ofPost(actorOf(ctx).workspaceId, ctx.params.id!, history)).map(presentTargetFigures) };
    },
  },
  {
    method: 'post',
    path: `${METRICS}/refresh`,
    operationId: 'posts.refreshMetrics',
    idempotent: true,
    summary: "Ask the workers to collect a post's figures now",
    description:
      'Needs stats:read. At most once per target every ten minutes: targets asked for sooner keep their time, and when none may be refreshed the answer is 429 ' +
      "`refresh_too_soon` with Retry-After. The figures arrive with the workers' next round (every ten seconds by default); publishing always goes first.",
    tags: ['analytics'],
    scope: 'stats:read',
    parameters: [parameterRef('WorkspaceId'), postId],
    success: { status: 202, description: "The targets' figures, with their next collection.", schema: schemaRef('TargetMetricsList') },
    errors: POSTS_ERRORS,
    // A request to the workers, not a write: the figures come on their next round (FIGURES_POLL_MS).
    async handle(ctx, figures) {
      ctx.status = 202;
      ctx.body = { data: (await figures.refresh(actorOf(ctx).workspaceId, ctx.params.id!)).map(presentTargetFigures) };
    },
  },
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/analytics',
    operationId: 'analytics.summary',
    summary: "The workspace's figures over a range: sums and per-target averages, by day, platform or connection",
    description:
      `Needs stats:read. Over the targets published in [from, to) (at most ${MAX_ANALYTICS_DAYS} days), from stored figures; deleted posts are left out. ` +
      'A malformed instant, from not before to, a range too long or an unknown groupBy is a 422 naming the parameter.',
    tags: ['analytics'],
    scope: 'stats:read',
    parameters: [
      parameterRef('WorkspaceId'),
      instant('from', 'Inclusive, RFC 3339 with an offset.'),
      instant('to', 'Exclusive.'),
      {
        name: 'groupBy',
        in: 'query',
        required: false,
        description: 'day (UTC, the default), platform or connection.',
        schema: { type: 'string', enum: ['day', 'platform', 'connection'] },
      },
      parameterRef('Limit'),
      parameterRef('Offset'),
    ],
    success: { status: 200, description: 'The figures.', schema: schemaRef('Analytics') },
    errors: [403, 404, 422],
    async handle(ctx, figures) {
      const [from, to, groupBy, page] = everyQueryProblem(
        () => instantQuery(ctx.query, 'from', true)!,
        () => instantQuery(ctx.query, 'to', true)!,
        () => groupByOf(ctx.query.groupBy),
        () => parsePage(ctx.query),
      );
      if (to <= from) throw validationError('invalid_query', [{ path: 'to', message: 'must be after from' }]);
      if (to.getTime() - from.getTime() > MAX_ANALYTICS_DAYS * DAY_MS) {
        throw validationError('invalid_query', [{ path: 'to', message: `must be at most ${MAX_ANALYTICS_DAYS} days after from` }]);
      }
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
    },
  },
];

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
