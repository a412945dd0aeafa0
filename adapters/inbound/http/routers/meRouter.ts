import { Router } from '@koa/router';
import { type GetCurrentUser } from '../../../../application/me/GetCurrentUser';
import { type ListMyWorkspaces } from '../../../../application/me/ListMyWorkspaces';
import { presentCurrentUser, presentMyWorkspace } from '../presenters/present';
import { credentialOf, type AppState } from '../state';

export function meRouter(getCurrentUser: GetCurrentUser, listMyWorkspaces: ListMyWorkspaces): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/v1/me', async (ctx) => {
    ctx.body = presentCurrentUser(await getCurrentUser.execute(credentialOf(ctx)));
  });
  router.get('/v1/me/workspaces', async (ctx) => {
    ctx.body = { data: (await listMyWorkspaces.execute(credentialOf(ctx))).map(presentMyWorkspace) };
  });
  return router;
}
