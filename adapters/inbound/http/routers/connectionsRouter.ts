import { Router } from '@koa/router';
import { type AuthorizeWorkspace } from '../../../../application/auth/AuthorizeWorkspace';
import { type ListConnections } from '../../../../application/connections/ListConnections';
import { workspaceAccess } from '../middleware/workspaceAccess';
import { presentConnection } from '../presenters/present';
import { parsePage } from '../query';
import { accessOf, type AppState } from '../state';

export function connectionsRouter(authorize: AuthorizeWorkspace, listConnections: ListConnections): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/v1/workspaces/:workspaceId/connections', workspaceAccess(authorize, 'accounts:read'), async (ctx) => {
    const page = parsePage(ctx.query);
    const { items, total } = await listConnections.execute(accessOf(ctx).workspaceId, page);
    ctx.body = { data: items.map(presentConnection), total, ...page };
  });
  return router;
}
