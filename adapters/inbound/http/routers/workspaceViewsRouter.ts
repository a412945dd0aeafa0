import { Router } from '@koa/router';
import { type GetSetupStatus } from '../../../../application/workspaceViews/GetSetupStatus';
import { type GetWorkspaceOverview } from '../../../../application/workspaceViews/GetWorkspaceOverview';
import { type UpdateSetupSteps } from '../../../../application/workspaceViews/UpdateSetupSteps';
import { parseSetupSteps } from '../../../../domain/workspace/SetupSteps';
import { UpdateSetupBody } from '../dto/SetupBody';
import { presentOverview, presentSetupStatus } from '../presenters/presentWorkspaceViews';
import { type RouteKit } from '../RouteKit';
import { accessOf, type AppState } from '../state';
import { validateBody } from '../validation';

export interface WorkspaceViewUseCases {
  readonly setup: GetSetupStatus;
  readonly updateSetup: UpdateSetupSteps;
  readonly overview: GetWorkspaceOverview;
}

/** A person's views of one workspace: its setup status and its overview (docs/account.md, "Workspace views"). */
export function workspaceViewsRouter(kit: RouteKit, views: WorkspaceViewUseCases): Router<AppState> {
  const router = new Router<AppState>();
  // docs/product.md, "Scope of each operation": membership is enough to read the setup status.
  router.get('/v1/me/setup/:workspaceId', kit.access(null), async (ctx) => {
    ctx.body = presentSetupStatus(await views.setup.execute(accessOf(ctx).workspaceId));
  });
  router.patch('/v1/me/setup/:workspaceId', kit.access('members:write'), kit.writes, async (ctx) => {
    await views.updateSetup.execute(accessOf(ctx).workspaceId, parseSetupSteps(validateBody(UpdateSetupBody, ctx.request.body).optionalSteps));
    ctx.body = { updated: true };
  });
  router.get('/v1/me/overview/:workspaceId', kit.access('posts:read'), async (ctx) => {
    ctx.body = presentOverview(await views.overview.execute(accessOf(ctx).workspaceId));
  });
  return router;
}
