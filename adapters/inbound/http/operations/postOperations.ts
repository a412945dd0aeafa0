import { type Logger } from '../../../../application/ports/Logger';
import { type ChangePostLifecycle } from '../../../../application/posts/ChangePostLifecycle';
import { type ReadPosts } from '../../../../application/posts/ReadPosts';
import { type WritePosts } from '../../../../application/posts/WritePosts';
import { POST_STATUSES } from '../../../../domain/post/PostStatus';
import { BULK_ITEMS_MAX, BULK_ITEMS_MIN } from '../contract/requestLimits';
import { PostBody } from '../dto/PostBody';
import { toPostRequest } from '../dto/toCommands';
import { preconditionOf, tagResponse } from '../entityTags';
import { CALENDAR_PARAMETERS } from '../openapi/paths/postListParameters';
import { CONDITIONAL_ERRORS, ENTITY_TAGGED, ifMatchParameter, POST_PARAMETERS, POSTS_ERRORS } from '../openapi/paths/postParameters';
import { parameterRef, schemaRef } from '../openapi/refs';
import { type ParameterObject } from '../openapi/types';
import { presentPost } from '../presenters/presentPost';
import { parsePage } from '../query';
import { actorOf } from '../routers/postActor';
import { parsePostListFilters } from '../routers/postListFilters';
import { bulkCreateRoute } from '../routers/postsBulkRoute';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';

export interface PostsUseCases {
  readonly read: ReadPosts;
  readonly write: WritePosts;
  readonly lifecycle: ChangePostLifecycle;
  /** Where bulkCreate reports an item's unexpected failure (the item answers 500, the others go on). */
  readonly logger: Logger;
}

const POSTS = '/v1/workspaces/{workspaceId}/posts';

const statusFilter: ParameterObject = {
  name: 'status',
  in: 'query',
  required: false,
  description: 'Only posts in this status; absent or empty: every status. Any other value is a 422 invalid_query.',
  schema: { type: 'string', enum: [...POST_STATUSES, ''] },
};

/** The posts of a workspace (docs/spec.md, "Posts"); scopes from docs/product.md. */
export const POST_OPERATIONS: ApiOperations<PostsUseCases> = [
  {
    method: 'get',
    path: POSTS,
    operationId: 'posts.list',
    summary: 'The posts of a workspace, newest first, or a calendar of them',
    description:
      'Needs posts:read. Ordered by creation, newest first, ties broken by id, unless sort says otherwise; `total` counts every post matching the filters. ' +
      'from, to, platform and connectionId keep the posts with a target that meets them all (the calendar: docs/posts.md); status combines with each.',
    tags: ['posts'],
    scope: 'posts:read',
    parameters: [parameterRef('WorkspaceId'), parameterRef('Limit'), parameterRef('Offset'), statusFilter, ...CALENDAR_PARAMETERS],
    success: { status: 200, description: 'One page of posts.', schema: schemaRef('PostPage') },
    errors: POSTS_ERRORS,
    async handle(ctx, posts) {
      const page = parsePage(ctx.query);
      const filters = parsePostListFilters(ctx.query);
      const { items, total } = await posts.read.list(actorOf(ctx).workspaceId, { ...page, ...filters });
      ctx.body = { data: items.map(presentPost), total, ...page };
    },
  },
  {
    method: 'post',
    path: POSTS,
    operationId: 'posts.create',
    summary: 'Create a post: a draft, scheduled, or published at once',
    description:
      'Needs posts:write. The intent decides the status: draft (or none) → draft, schedule → scheduled, publish_now → publishing; ' +
      'with submitForReview, or for a contributor, schedule and publish_now go to pending_review instead. ' +
      'Every problem of the body is reported at once (422, details by path); nothing is stored unless the whole post is valid.',
    tags: ['posts'],
    scope: 'posts:write',
    parameters: [parameterRef('WorkspaceId')],
    requestBody: { description: 'The post to create.', schema: schemaRef('PostRequest') },
    success: { status: 200, description: 'The new post.', schema: schemaRef('Post') },
    successHeaders: ENTITY_TAGGED,
    errors: POSTS_ERRORS,
    idempotent: true,
    async handle(ctx, posts) {
      const body = validateBody(PostBody, ctx.request.body);
      const post = await posts.write.create(actorOf(ctx), toPostRequest(body));
      tagResponse(ctx, post.version);
      ctx.body = presentPost(post);
    },
  },
  {
    method: 'post',
    path: `${POSTS}/bulk`,
    operationId: 'posts.bulkCreate',
    summary: `Create up to ${BULK_ITEMS_MAX} posts in one request`,
    description:
      'Needs posts:write. Each item is validated and stored on its own, as posts.create would: a bad item is reported in its own result ' +
      '(ok false, with the code and message posts.create would give) and never fails the others. Only a body that is not an array of ' +
      `${BULK_ITEMS_MIN} to ${BULK_ITEMS_MAX} items is a 422.`,
    tags: ['posts'],
    scope: 'posts:write',
    parameters: [parameterRef('WorkspaceId')],
    requestBody: { description: 'The posts to create, as posts.create bodies.', schema: schemaRef('BulkCreateRequest') },
    success: { status: 200, description: 'One result per item, in input order, by index.', schema: schemaRef('BulkCreateResult') },
    errors: POSTS_ERRORS,
    idempotent: true,
    handle: (ctx, { write, logger }) => bulkCreateRoute(write, logger)(ctx, async () => undefined),
  },
  {
    method: 'get',
    path: `${POSTS}/{id}`,
    operationId: 'posts.get',
    summary: 'One post',
    description: 'Needs posts:read.',
    tags: ['posts'],
    scope: 'posts:read',
    parameters: POST_PARAMETERS,
    success: { status: 200, description: 'The post.', schema: schemaRef('Post') },
    successHeaders: ENTITY_TAGGED,
    errors: POSTS_ERRORS,
    async handle(ctx, posts) {
      const post = await posts.read.get(actorOf(ctx).workspaceId, ctx.params.id!);
      tagResponse(ctx, post.version);
      ctx.body = presentPost(post);
    },
  },
  {
    method: 'patch',
    path: `${POSTS}/{id}`,
    operationId: 'posts.update',
    summary: 'Replace the content, targets and intent of a post',
    description:
      'Needs posts:write. Allowed in draft, pending_review, changes_requested and scheduled; once publishing has begun, 409 post_not_editable. ' +
      'The body has the create shape and replaces groups and targets; an intent applies the creation rules, none keeps the post where it is. ' +
      'With If-Match, only if the post is still at the version read (412 otherwise).',
    tags: ['posts'],
    scope: 'posts:write',
    parameters: [...POST_PARAMETERS, ifMatchParameter],
    requestBody: { description: 'The whole post, as for posts.create.', schema: schemaRef('PostRequest') },
    success: { status: 200, description: 'The post after the change.', schema: schemaRef('Post') },
    successHeaders: ENTITY_TAGGED,
    errors: CONDITIONAL_ERRORS,
    idempotent: true,
    // If-Match makes concurrent editors' changes conditional (412 on a mismatch); without it the last writer wins.
    async handle(ctx, posts) {
      const precondition = preconditionOf(ctx);
      const body = validateBody(PostBody, ctx.request.body);
      const post = await posts.write.update(actorOf(ctx), ctx.params.id!, toPostRequest(body), precondition);
      tagResponse(ctx, post.version);
      ctx.body = presentPost(post);
    },
  },
  {
    method: 'delete',
    path: `${POSTS}/{id}`,
    operationId: 'posts.remove',
    summary: 'Delete a post',
    description:
      'Needs posts:write. Refused while the post is publishing (409 post_publishing). A contributor removes only the posts they wrote (403 not_author), ' +
      'and not once approved or scheduled (403 post_already_approved). With If-Match, only if the post is still at the version read (412 otherwise).',
    tags: ['posts'],
    scope: 'posts:write',
    parameters: [...POST_PARAMETERS, ifMatchParameter],
    success: { status: 200, description: 'The post is gone.', schema: schemaRef('PostDeleted') },
    errors: CONDITIONAL_ERRORS,
    idempotent: true,
    async handle(ctx, posts) {
      ctx.body = { deleted: await posts.lifecycle.remove(actorOf(ctx), ctx.params.id!, preconditionOf(ctx)) };
    },
  },
  {
    method: 'post',
    path: `${POSTS}/{id}/publish`,
    operationId: 'posts.publishNow',
    summary: 'Publish a post now',
    description:
      'Needs posts:write. From draft, scheduled or changes_requested, with at least one target (409 otherwise): every target becomes due at once ' +
      'and the post is publishing, or pending_review when a review is needed. No body.',
    tags: ['posts'],
    scope: 'posts:write',
    parameters: POST_PARAMETERS,
    success: { status: 200, description: 'The post after the change.', schema: schemaRef('Post') },
    successHeaders: ENTITY_TAGGED,
    errors: POSTS_ERRORS,
    idempotent: true,
    async handle(ctx, posts) {
      const post = await posts.lifecycle.publishNow(actorOf(ctx), ctx.params.id!);
      tagResponse(ctx, post.version);
      ctx.body = presentPost(post);
    },
  },
];
