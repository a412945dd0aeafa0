import { Router } from '@koa/router';
import { TargetUpdateBody } from '../dto/PostBody';
import { toTargetChanges } from '../dto/toCommands';
import { presentTarget } from '../presenters/presentPost';
import { type RouteKit } from '../RouteKit';
import { type AppState } from '../state';
import { validateBody } from '../validation';
import { actorOf } from './postActor';
import { type PostsUseCases } from './postsRouter';

const BASE = '/v1/workspaces/:workspaceId/posts/:id/targets';

export function postTargetsRouter({ access, writes }: RouteKit, posts: PostsUseCases): Router<AppState> {
  const router = new Router<AppState>();
  router.get(BASE, access('posts:read'), async (ctx) => {
    ctx.body = (await posts.read.get(actorOf(ctx).workspaceId, ctx.params.id!)).targets.map(presentTarget);
  });
  router.patch(`${BASE}/:targetId`, access('posts:write'), writes, async (ctx) => {
    const changes = toTargetChanges(validateBody(TargetUpdateBody, ctx.request.body));
    ctx.body = presentTarget(await posts.lifecycle.updateTarget(actorOf(ctx), ctx.params.id!, ctx.params.targetId!, changes));
  });
  router.post(`${BASE}/:targetId/retry`, access('posts:write'), writes, async (ctx) => {
    ctx.body = presentTarget(await posts.lifecycle.retryTarget(actorOf(ctx), ctx.params.id!, ctx.params.targetId!));
  });
  return router;
}
