import { Router } from '@koa/router';
import { type AuthorizeConnection } from '../../../../application/connections/AuthorizeConnection';
import { type ChoosePublishAs } from '../../../../application/connections/ChoosePublishAs';
import { type ConnectWithAppPassword } from '../../../../application/connections/ConnectWithAppPassword';
import { type DisconnectConnection } from '../../../../application/connections/DisconnectConnection';
import { type ListConnections } from '../../../../application/connections/ListConnections';
import { AuthorizeConnectionBody, ChoosePublishAsBody } from '../dto/AuthorizeBody';
import { ConnectWithAppPasswordBody } from '../dto/ConnectBody';
import { presentConnection } from '../presenters/present';
import { parsePage } from '../query';
import { type RouteKit } from '../RouteKit';
import { accessOf, type AppState } from '../state';
import { validateBody } from '../validation';

export interface ConnectionUseCases {
  readonly list: ListConnections;
  readonly connectWithAppPassword: ConnectWithAppPassword;
  readonly authorize: AuthorizeConnection;
  readonly choosePublishAs: ChoosePublishAs;
  readonly disconnect: DisconnectConnection;
}

const CONNECTIONS = '/v1/workspaces/:workspaceId/connections';

export function connectionsRouter(kit: RouteKit, connections: ConnectionUseCases): Router<AppState> {
  const router = new Router<AppState>();
  router.get(CONNECTIONS, kit.access('accounts:read'), async (ctx) => {
    const page = parsePage(ctx.query);
    const { items, total } = await connections.list.execute(accessOf(ctx).workspaceId, page);
    ctx.body = { data: items.map(presentConnection), total, ...page };
  });
  // Bluesky: an app password, never kept in a log (docs/decisions.md, "Connections").
  router.post(CONNECTIONS, kit.access('accounts:write'), kit.writes, async (ctx) => {
    const body = validateBody(ConnectWithAppPasswordBody, ctx.request.body);
    const connection = await connections.connectWithAppPassword.execute({
      workspaceId: accessOf(ctx).workspaceId,
      handle: body.handle,
      appPassword: body.appPassword,
      service: body.service,
    });
    ctx.status = 201;
    ctx.body = presentConnection(connection);
  });
  // OAuth platforms: where to send the person; the platform sends them back to /connect/{platform}/callback.
  router.post(`${CONNECTIONS}/authorize`, kit.access('accounts:write'), kit.writes, async (ctx) => {
    const body = validateBody(AuthorizeConnectionBody, ctx.request.body);
    const { workspaceId, userId } = accessOf(ctx);
    ctx.body = await connections.authorize.start({ workspaceId, userId, platform: body.platform, returnTo: body.returnTo });
  });
  router.post(`${CONNECTIONS}/:id/target`, kit.access('accounts:write'), kit.writes, async (ctx) => {
    const body = validateBody(ChoosePublishAsBody, ctx.request.body);
    ctx.status = 201;
    ctx.body = presentConnection(await connections.choosePublishAs.execute(accessOf(ctx).workspaceId, ctx.params.id!, body.publishAsId));
  });
  router.delete(`${CONNECTIONS}/:id`, kit.access('accounts:write'), kit.writes, async (ctx) => {
    await connections.disconnect.execute(accessOf(ctx).workspaceId, ctx.params.id!);
    ctx.status = 204;
  });
  return router;
}
