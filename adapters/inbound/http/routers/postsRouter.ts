import { Router } from '@koa/router';
import { type ChangePostLifecycle } from '../../../../application/posts/ChangePostLifecycle';
import { type ReadPosts } from '../../../../application/posts/ReadPosts';
import { type WritePosts } from '../../../../application/posts/WritePosts';
import { PostBody } from '../dto/PostBody';
import { toPostRequest } from '../dto/toCommands';
import { preconditionOf, tagResponse } from '../entityTags';
import { presentPost } from '../presenters/presentPost';
import { parsePage } from '../query';
import { type RouteKit } from '../RouteKit';
import { type AppState } from '../state';
import { validateBody } from '../validation';
import { actorOf } from './postActor';
import { parsePostListFilters } from './postListFilters';
import { bulkCreateRoute } from './postsBulkRoute';

export interface PostsUseCases {
  readonly read: ReadPosts;
  readonly write: WritePosts;
  readonly lifecycle: ChangePostLifecycle;
}

const BASE = '/v1/workspaces/:workspaceId/posts';

/** `writes` (the Idempotency-Key) runs after the access check of each writing route. */
export function postsRouter({ access, writes, logger }: RouteKit, posts: PostsUseCases): Router<AppState> {
  const router = new Router<AppState>();
  const canRead = access('posts:read');
  const canWrite = access('posts:write');

  router.get(BASE, canRead, async (ctx) => {
    const page = parsePage(ctx.query);
    const filters = parsePostListFilters(ctx.query);
    const { items, total } = await posts.read.list(actorOf(ctx).workspaceId, { ...page, ...filters });
    ctx.body = { data: items.map(presentPost), total, ...page };
  });

  router.post(BASE, canWrite, writes, async (ctx) => {
    const body = validateBody(PostBody, ctx.request.body);
    const post = await posts.write.create(actorOf(ctx), toPostRequest(body));
    tagResponse(ctx, post.version);
    ctx.body = presentPost(post);
  });

  router.post(`${BASE}/bulk`, canWrite, writes, bulkCreateRoute(posts.write, logger));

  router.get(`${BASE}/:id`, canRead, async (ctx) => {
    const post = await posts.read.get(actorOf(ctx).workspaceId, ctx.params.id!);
    tagResponse(ctx, post.version);
    ctx.body = presentPost(post);
  });

  // If-Match makes concurrent editors' changes conditional (412 on a mismatch); without it the last writer wins.
  router.patch(`${BASE}/:id`, canWrite, writes, async (ctx) => {
    const precondition = preconditionOf(ctx);
    const body = validateBody(PostBody, ctx.request.body);
    const post = await posts.write.update(actorOf(ctx), ctx.params.id!, toPostRequest(body), precondition);
    tagResponse(ctx, post.version);
    ctx.body = presentPost(post);
  });

  router.delete(`${BASE}/:id`, canWrite, writes, async (ctx) => {
    ctx.body = { deleted: await posts.lifecycle.remove(actorOf(ctx), ctx.params.id!, preconditionOf(ctx)) };
  });

  router.post(`${BASE}/:id/publish`, canWrite, writes, async (ctx) => {
    const post = await posts.lifecycle.publishNow(actorOf(ctx), ctx.params.id!);
    tagResponse(ctx, post.version);
    ctx.body = presentPost(post);
  });
  return router;
}
