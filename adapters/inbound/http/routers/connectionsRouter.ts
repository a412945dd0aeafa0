import { Router } from '@koa/router';
import { type ListConnections } from '../../../../application/connections/ListConnections';
import { presentConnection } from '../presenters/present';
import { parsePage } from '../query';
import { type RouteKit } from '../RouteKit';
import { accessOf, type AppState } from '../state';

export function connectionsRouter(kit: RouteKit, listConnections: ListConnections): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/v1/workspaces/:workspaceId/connections', kit.access('accounts:read'), async (ctx) => {
    const page = parsePage(ctx.query);
    const { items, total } = await listConnections.execute(accessOf(ctx).workspaceId, page);
    ctx.body = { data: items.map(presentConnection), total, ...page };
  });
  return router;
}
