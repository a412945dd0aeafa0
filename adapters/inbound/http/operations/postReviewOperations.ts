import { ReviewBody } from '../dto/PostBody';
import { reviewCommentOf } from '../dto/reviewComment';
import { tagResponse } from '../entityTags';
import { ENTITY_TAGGED, POST_PARAMETERS, POSTS_ERRORS } from '../openapi/paths/postParameters';
import { schemaRef } from '../openapi/refs';
import { presentPost, presentReview } from '../presenters/presentPost';
import { actorOf } from '../routers/postActor';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';
import { type PostsUseCases } from './postOperations';

/** The review history of a post and a reviewer's decision (docs/product.md, "Post lifecycle"). */
export const POST_REVIEW_OPERATIONS: ApiOperations<PostsUseCases> = [
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/posts/{id}/reviews',
    operationId: 'posts.reviews',
    summary: 'The review history of a post',
    description: 'Needs reviews:read. Oldest first; the Post object itself carries no reviews.',
    tags: ['posts'],
    scope: 'reviews:read',
    parameters: POST_PARAMETERS,
    success: { status: 200, description: 'Every review decision on the post.', schema: schemaRef('ReviewList') },
    errors: POSTS_ERRORS,
    async handle(ctx, posts) {
      const reviews = await posts.read.reviews(actorOf(ctx).workspaceId, ctx.params.id!);
      ctx.body = { data: reviews.map(presentReview) };
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/posts/{id}/reviews',
    operationId: 'posts.review',
    summary: 'Approve a post waiting for review, or ask for changes',
    description:
      'Needs reviews:write. Only a pending_review post can be reviewed (409 otherwise). approved: the post resumes its intent ' +
      '(scheduled, or publishing at once); changes_requested: the post goes to changes_requested, and a non-blank comment is required (422). ' +
      "Nobody approves a post they wrote (403 own_post_review). The ETag is the post's after the decision.",
    tags: ['posts'],
    scope: 'reviews:write',
    parameters: POST_PARAMETERS,
    requestBody: { description: 'The decision.', schema: schemaRef('ReviewRequest') },
    success: { status: 201, description: 'The recorded review and the post after it.', schema: schemaRef('ReviewResult') },
    successHeaders: ENTITY_TAGGED,
    errors: POSTS_ERRORS,
    idempotent: true,
    async handle(ctx, posts) {
      const body = validateBody(ReviewBody, ctx.request.body);
      const actor = actorOf(ctx);
      const comment = reviewCommentOf(body);
      const { review, post } =
        body.decision === 'approved'
          ? await posts.lifecycle.approve(actor, ctx.params.id!, comment)
          : await posts.lifecycle.requestChanges(actor, ctx.params.id!, comment!);
      ctx.status = 201;
      tagResponse(ctx, post.version);
      ctx.body = { review: presentReview(review), post: presentPost(post) };
    },
  },
];
