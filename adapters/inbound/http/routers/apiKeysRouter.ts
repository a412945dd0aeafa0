import { Router } from '@koa/router';
import { IsArray, IsIn, IsOptional, IsString, Length } from 'class-validator';
import { type ManageApiKeys } from '../../../../application/admin/ManageApiKeys';
import { type AuthorizeWorkspace } from '../../../../application/auth/AuthorizeWorkspace';
import { ALL_SCOPES, type Scope } from '../../../../domain/credential/Scope';
import { notFound, validationError } from '../../../../domain/shared/DomainError';
import { ceilingOf, ROLES, type Role } from '../../../../domain/workspace/Role';
import { workspaceAccess } from '../middleware/workspaceAccess';
import { presentApiKey } from '../presenters/present';
import { accessOf, type AppState } from '../state';
import { validateBody } from '../validation';

class CreateApiKeyBody {
  @IsOptional() @IsString() @Length(1, 100) name?: string;
  @IsIn(ROLES) role!: Role;
  @IsOptional() @IsArray() @IsIn(ALL_SCOPES, { each: true }) scopes?: Scope[];
}

/** API keys of a workspace, managed by members holding apikeys:write. */
export function apiKeysRouter(authorize: AuthorizeWorkspace, apiKeys: ManageApiKeys): Router<AppState> {
  const router = new Router<AppState>();
  const canManage = workspaceAccess(authorize, 'apikeys:write');

  router.post('/v1/workspaces/:workspaceId/api-keys', canManage, async (ctx) => {
    const body = validateBody(CreateApiKeyBody, ctx.request.body);
    const access = accessOf(ctx);
    // A credential can hand out only scopes it holds itself.
    const beyond = (body.scopes ?? []).filter((scope) => !access.scopes.has(scope));
    if (beyond.length > 0) {
      throw validationError('scope_above_caller', [{ path: 'scopes', message: `not held by this credential: ${beyond.join(', ')}` }]);
    }
    const created = await apiKeys.createFor({
      workspaceId: access.workspaceId,
      userId: access.userId,
      role: body.role,
      scopes: body.scopes ?? [...access.scopes].filter((scope) => ceilingOf(body.role).has(scope)),
      name: body.name,
      creatorRoleCap: access.role,
    });
    ctx.status = 201;
    ctx.body = { ...presentApiKey(created.apiKey), key: created.secret };
  });

  router.delete('/v1/workspaces/:workspaceId/api-keys/:id', canManage, async (ctx) => {
    const revoked = await apiKeys.revokeInWorkspace(accessOf(ctx).workspaceId, ctx.params.id!);
    if (revoked === null) throw notFound('API key');
    ctx.body = presentApiKey(revoked);
  });
  return router;
}
