import { Router } from '@koa/router';
import { TargetUpdateBody } from '../dto/PostBody';
import { toTargetChanges } from '../dto/toCommands';
import { preconditionOf, tagResponse } from '../entityTags';
import { presentTarget } from '../presenters/presentPost';
import { type RouteKit } from '../RouteKit';
import { type AppState } from '../state';
import { validateBody } from '../validation';
import { actorOf } from './postActor';
import { type PostsUseCases } from './postsRouter';

const BASE = '/v1/workspaces/:workspaceId/posts/:id/targets';

export function postTargetsRouter({ access, writes }: RouteKit, posts: PostsUseCases): Router<AppState> {
  const router = new Router<AppState>();
  // A target changes only through its post: its ETag (and If-Match) is its post's version.
  router.get(BASE, access('posts:read'), async (ctx) => {
    const post = await posts.read.get(actorOf(ctx).workspaceId, ctx.params.id!);
    tagResponse(ctx, post.version);
    ctx.body = post.targets.map(presentTarget);
  });
  router.patch(`${BASE}/:targetId`, access('posts:write'), writes, async (ctx) => {
    const precondition = preconditionOf(ctx);
    const changes = toTargetChanges(validateBody(TargetUpdateBody, ctx.request.body));
    const { target, post } = await posts.lifecycle.updateTarget(actorOf(ctx), ctx.params.id!, ctx.params.targetId!, changes, precondition);
    tagResponse(ctx, post.version);
    ctx.body = presentTarget(target);
  });
  router.post(`${BASE}/:targetId/retry`, access('posts:write'), writes, async (ctx) => {
    const { target, post } = await posts.lifecycle.retryTarget(actorOf(ctx), ctx.params.id!, ctx.params.targetId!);
    tagResponse(ctx, post.version);
    ctx.body = presentTarget(target);
  });
  return router;
}
