import { TargetUpdateBody } from '../dto/PostBody';
import { toTargetChanges } from '../dto/toCommands';
import { preconditionOf, tagResponse } from '../entityTags';
import { CONDITIONAL_ERRORS, ENTITY_TAGGED, ifMatchParameter, POST_PARAMETERS, POSTS_ERRORS, TARGET_PARAMETERS } from '../openapi/paths/postParameters';
import { schemaRef } from '../openapi/refs';
import { presentTarget } from '../presenters/presentPost';
import { actorOf } from '../routers/postActor';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';
import { type PostsUseCases } from './postOperations';

/** The targets of a post, one by one (docs/spec.md posts.targets, posts.updateTarget, posts.retryTarget). */
export const POST_TARGET_OPERATIONS: ApiOperations<PostsUseCases> = [
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/posts/{id}/targets',
    operationId: 'posts.targets',
    summary: 'The targets of a post, with their publishing state',
    description: 'Needs posts:read.',
    tags: ['posts'],
    scope: 'posts:read',
    parameters: POST_PARAMETERS,
    success: { status: 200, description: 'Every target of the post.', schema: schemaRef('TargetList') },
    successHeaders: ENTITY_TAGGED,
    errors: POSTS_ERRORS,
    // A target changes only through its post: its ETag (and If-Match) is its post's version.
    async handle(ctx, posts) {
      const post = await posts.read.get(actorOf(ctx).workspaceId, ctx.params.id!);
      tagResponse(ctx, post.version);
      ctx.body = post.targets.map(presentTarget);
    },
  },
  {
    method: 'patch',
    path: '/v1/workspaces/{workspaceId}/posts/{id}/targets/{targetId}',
    operationId: 'posts.updateTarget',
    summary: 'Change the group, settings or time of one target',
    description:
      'Needs posts:write. Only a pending target of an editable post may change (409 target_not_pending otherwise). ' +
      'The create-time rules apply to the new values (422 invalid_target, every problem by path). ' +
      "With If-Match (the post's ETag), only if the post is still at the version read (412 otherwise).",
    tags: ['posts'],
    scope: 'posts:write',
    parameters: [...TARGET_PARAMETERS, ifMatchParameter],
    requestBody: {
      description: 'The fields to change; absent or null ones keep their value (scheduledAt: null clears it).',
      schema: schemaRef('TargetUpdateRequest'),
    },
    success: { status: 200, description: 'The target after the change.', schema: schemaRef('Target') },
    successHeaders: ENTITY_TAGGED,
    errors: CONDITIONAL_ERRORS,
    idempotent: true,
    async handle(ctx, posts) {
      const precondition = preconditionOf(ctx);
      const changes = toTargetChanges(validateBody(TargetUpdateBody, ctx.request.body));
      const { target, post } = await posts.lifecycle.updateTarget(actorOf(ctx), ctx.params.id!, ctx.params.targetId!, changes, precondition);
      tagResponse(ctx, post.version);
      ctx.body = presentTarget(target);
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/posts/{id}/targets/{targetId}/retry',
    operationId: 'posts.retryTarget',
    summary: 'Try a failed target again',
    description:
      "Needs posts:write. The user's deliberate retry of a failed target (one whose outcome was unknown included): it goes back to pending " +
      'and is handed to publishing again. Any other target answers 409. No body.',
    tags: ['posts'],
    scope: 'posts:write',
    parameters: TARGET_PARAMETERS,
    success: { status: 200, description: 'The target, pending again.', schema: schemaRef('Target') },
    successHeaders: ENTITY_TAGGED,
    errors: POSTS_ERRORS,
    idempotent: true,
    async handle(ctx, posts) {
      const { target, post } = await posts.lifecycle.retryTarget(actorOf(ctx), ctx.params.id!, ctx.params.targetId!);
      tagResponse(ctx, post.version);
      ctx.body = presentTarget(target);
    },
  },
];
