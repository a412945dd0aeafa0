import { POST_STATUSES } from '../../../../../domain/post/PostStatus';
import { BULK_ITEMS_MAX, BULK_ITEMS_MIN } from '../../contract/requestLimits';
import { mergePaths } from '../assemble';
import { authenticatedOperation } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { type ParameterObject, type PathMap } from '../types';
import { CALENDAR_PARAMETERS } from './postListParameters';
import { CONDITIONAL_ERRORS, ENTITY_TAGGED, ifMatchParameter, POST_PARAMETERS, POSTS_ERRORS } from './postParameters';
import { postReviewPaths } from './postReviews';
import { postTargetPaths } from './postTargets';

const POSTS = '/v1/workspaces/{workspaceId}/posts';

const statusFilter: ParameterObject = {
  name: 'status',
  in: 'query',
  required: false,
  description: 'Only posts in this status; absent or empty: every status. Any other value is a 422 invalid_query.',
  schema: { type: 'string', enum: [...POST_STATUSES, ''] },
};

/** The posts of a workspace (docs/spec.md, "Posts"); scopes from docs/product.md. */
const postCollectionPaths: PathMap = {
  [POSTS]: {
    get: authenticatedOperation({
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
    }),
    post: authenticatedOperation({
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
    }),
  },
  [`${POSTS}/bulk`]: {
    post: authenticatedOperation({
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
    }),
  },
  [`${POSTS}/{id}`]: {
    get: authenticatedOperation({
      operationId: 'posts.get',
      summary: 'One post',
      description: 'Needs posts:read.',
      tags: ['posts'],
      scope: 'posts:read',
      parameters: POST_PARAMETERS,
      success: { status: 200, description: 'The post.', schema: schemaRef('Post') },
      successHeaders: ENTITY_TAGGED,
      errors: POSTS_ERRORS,
    }),
    patch: authenticatedOperation({
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
    }),
    delete: authenticatedOperation({
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
    }),
  },
  [`${POSTS}/{id}/publish`]: {
    post: authenticatedOperation({
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
    }),
  },
};

/** Every posts operation, its targets and its reviews included. */
export const postPaths: PathMap = mergePaths([postCollectionPaths, postTargetPaths, postReviewPaths]);
