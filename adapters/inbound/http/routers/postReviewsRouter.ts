import { Router } from '@koa/router';
import { ReviewBody } from '../dto/PostBody';
import { reviewCommentOf } from '../dto/reviewComment';
import { tagResponse } from '../entityTags';
import { presentPost, presentReview } from '../presenters/presentPost';
import { type RouteKit } from '../RouteKit';
import { type AppState } from '../state';
import { validateBody } from '../validation';
import { actorOf } from './postActor';
import { type PostsUseCases } from './postsRouter';

const BASE = '/v1/workspaces/:workspaceId/posts/:id/reviews';

/** The review history of a post, and a reviewer's decision (approve, or ask for changes). */
export function postReviewsRouter({ access, writes }: RouteKit, posts: PostsUseCases): Router<AppState> {
  const router = new Router<AppState>();
  router.get(BASE, access('reviews:read'), async (ctx) => {
    const reviews = await posts.read.reviews(actorOf(ctx).workspaceId, ctx.params.id!);
    ctx.body = { data: reviews.map(presentReview) };
  });
  router.post(BASE, access('reviews:write'), writes, async (ctx) => {
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
  });
  return router;
}
