import { Router } from '@koa/router';
import { type ReadSandboxPost } from '../../../../../application/sandbox/ReadSandboxPost';
import { page } from '../../chains/html';
import { type AppState } from '../../state';
import { renderSandboxThread } from './renderSandboxThread';

/**
 * The page of each post a sandbox connection published: its platformPostUrl. On the page
 * chain (docs/surfaces.md); the prefix makes every path under /sandbox this surface's, so an
 * unknown one is an HTML 404 too. Public, as a post on a platform is.
 */
export function sandboxPagesRouter(readSandboxPost: ReadSandboxPost): Router<AppState> {
  const router = new Router<AppState>({ prefix: '/sandbox' });
  router.get('/posts/:id', async (ctx) => {
    const { title, body } = renderSandboxThread(await readSandboxPost.execute(ctx.params.id!));
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = page(title, body);
  });
  return router;
}
