import { type Middleware } from 'koa';
import { type AuthorizeWorkspace } from '../../../../application/auth/AuthorizeWorkspace';
import { type Scope } from '../../../../domain/credential/Scope';
import { credentialOf, type AppState } from '../state';

/** Resolves the caller's live access to the path's workspace, needing `scope` (null: membership only). */
export const workspaceAccess =
  (authorize: AuthorizeWorkspace, scope: Scope | null): Middleware<AppState> =>
  async (ctx, next) => {
    const workspaceId = (ctx as unknown as { params: Record<string, string> }).params.workspaceId!;
    ctx.state.access = await authorize.execute(credentialOf(ctx), workspaceId, scope);
    await next();
  };
