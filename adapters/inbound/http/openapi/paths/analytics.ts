import { MAX_ANALYTICS_DAYS } from '../../../../../application/ports/AnalyticsViews';
import { authenticatedOperation } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { type PathMap } from '../types';
import { POSTS_ERRORS } from './postParameters';

const postId = { name: 'id', in: 'path', required: true, description: 'The post.', schema: { type: 'string', minLength: 1 } } as const;
const instant = (name: string, description: string) =>
  ({ name, in: 'query', required: true, description, schema: { type: 'string', format: 'date-time' } }) as const;

export const analyticsPaths: PathMap = {
  '/v1/workspaces/{workspaceId}/posts/{id}/metrics': {
    get: authenticatedOperation({
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
    }),
  },
  '/v1/workspaces/{workspaceId}/posts/{id}/metrics/refresh': {
    post: authenticatedOperation({
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
    }),
  },
  '/v1/workspaces/{workspaceId}/analytics': {
    get: authenticatedOperation({
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
    }),
  },
};
