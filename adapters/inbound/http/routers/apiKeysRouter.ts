import { Router } from '@koa/router';
import { type ManageApiKeys } from '../../../../application/admin/ManageApiKeys';
import { notFound } from '../../../../domain/shared/DomainError';
import { CreateApiKeyBody } from '../dto/CreateApiKeyBody';
import { presentApiKey } from '../presenters/present';
import { type RouteKit } from '../RouteKit';
import { accessOf, credentialOf, type AppState } from '../state';
import { validateBody } from '../validation';

const BASE = '/v1/workspaces/:workspaceId/api-keys';

/**
 * API keys of a workspace, managed by members holding apikeys:write. `writes` (the
 * Idempotency-Key) runs after the access check, so a stored answer is replayed only to a
 * caller allowed to make the request.
 */
export function apiKeysRouter({ access, writes }: RouteKit, apiKeys: ManageApiKeys): Router<AppState> {
  const router = new Router<AppState>();
  const canManage = access('apikeys:write');

  router.get(BASE, canManage, async (ctx) => {
    ctx.body = { data: (await apiKeys.listInWorkspace(accessOf(ctx).workspaceId)).map(presentApiKey) };
  });

  router.post(BASE, canManage, writes, async (ctx) => {
    const body = validateBody(CreateApiKeyBody, ctx.request.body);
    const caller = { credentialKind: credentialOf(ctx).kind, access: accessOf(ctx) };
    const created = await apiKeys.createFor(caller, { role: body.role, scopes: body.scopes, name: body.name });
    ctx.status = 201;
    ctx.body = { ...presentApiKey(created.apiKey), key: created.secret };
  });

  router.delete(`${BASE}/:id`, canManage, writes, async (ctx) => {
    const revoked = await apiKeys.revokeInWorkspace(accessOf(ctx).workspaceId, ctx.params.id!);
    if (revoked === null) throw notFound('API key');
    ctx.body = presentApiKey(revoked);
  });
  return router;
}
