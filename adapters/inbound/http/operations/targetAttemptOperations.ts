import { type ListTargetAttempts } from '../../../../application/publishing/ListTargetAttempts';
import { POSTS_ERRORS, TARGET_PARAMETERS } from '../openapi/paths/postParameters';
import { schemaRef } from '../openapi/refs';
import { presentAttempt } from '../presenters/presentAttempt';
import { actorOf } from '../routers/postActor';
import { type ApiOperations } from './ApiOperation';

/** The platform calls made for one target, oldest first (docs/decisions.md, "The publishing engine"). */
export const TARGET_ATTEMPT_OPERATIONS: ApiOperations<ListTargetAttempts> = [
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/posts/{id}/targets/{targetId}/attempts',
    operationId: 'posts.targetAttempts',
    summary: 'Every call made to the platform for one target',
    description:
      "Needs posts:read. Oldest first: each call with its times, segment, outcome, error and the platform's HTTP status code. " +
      'An unknown post (or one of another workspace) or target answers 404.',
    tags: ['posts'],
    scope: 'posts:read',
    parameters: TARGET_PARAMETERS,
    success: { status: 200, description: 'The calls, oldest first.', schema: schemaRef('PublishAttemptList') },
    errors: POSTS_ERRORS,
    async handle(ctx, attempts) {
      const listed = await attempts.list(actorOf(ctx).workspaceId, ctx.params.id!, ctx.params.targetId!);
      ctx.body = { data: listed.map(presentAttempt) };
    },
  },
];
