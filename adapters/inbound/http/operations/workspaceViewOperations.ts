import { type GetSetupStatus } from '../../../../application/workspaceViews/GetSetupStatus';
import { type GetWorkspaceOverview } from '../../../../application/workspaceViews/GetWorkspaceOverview';
import { type UpdateSetupSteps } from '../../../../application/workspaceViews/UpdateSetupSteps';
import { parseSetupSteps } from '../../../../domain/workspace/SetupSteps';
import { UpdateSetupBody } from '../dto/SetupBody';
import { parameterRef, schemaRef } from '../openapi/refs';
import { presentOverview, presentSetupStatus } from '../presenters/presentWorkspaceViews';
import { accessOf } from '../state';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';

export interface WorkspaceViewUseCases {
  readonly setup: GetSetupStatus;
  readonly updateSetup: UpdateSetupSteps;
  readonly overview: GetWorkspaceOverview;
}

/**
 * A person's views of one workspace: its setup status and its overview (docs/account.md,
 * "Workspace views"). Membership is enough to read the setup status (docs/product.md, "Scope
 * of each operation").
 */
export const WORKSPACE_VIEW_OPERATIONS: ApiOperations<WorkspaceViewUseCases> = [
  {
    method: 'get',
    path: '/v1/me/setup/{workspaceId}',
    operationId: 'me.setup',
    summary: "A workspace's setup status",
    description: 'Membership of the workspace is enough. No quota applies here: 402 is never answered today.',
    tags: ['me'],
    scope: null,
    parameters: [parameterRef('WorkspaceId')],
    success: { status: 200, description: 'The setup status.', schema: schemaRef('SetupStatus') },
    errors: [402, 403, 404],
    // docs/product.md, "Scope of each operation": membership is enough to read the setup status.
    async handle(ctx, views) {
      ctx.body = presentSetupStatus(await views.setup.execute(accessOf(ctx).workspaceId));
    },
  },
  {
    method: 'patch',
    path: '/v1/me/setup/{workspaceId}',
    operationId: 'me.updateSetup',
    idempotent: true,
    summary: "Marks a workspace's optional setup steps completed or skipped",
    description:
      'Needs members:write. Merges the steps given into the stored ones. A value other than completed or skipped, a step name outside ' +
      '[a-z0-9_-]{1,64}, a missing optionalSteps or more than 50 steps in all is a 422 naming the step.',
    tags: ['me'],
    scope: 'members:write',
    parameters: [parameterRef('WorkspaceId')],
    requestBody: { description: 'The steps to set.', schema: schemaRef('UpdateSetupRequest') },
    success: { status: 200, description: 'Stored.', schema: schemaRef('SetupUpdated') },
    errors: [402, 403, 404],
    async handle(ctx, views) {
      await views.updateSetup.execute(accessOf(ctx).workspaceId, parseSetupSteps(validateBody(UpdateSetupBody, ctx.request.body).optionalSteps));
      ctx.body = { updated: true };
    },
  },
  {
    method: 'get',
    path: '/v1/me/overview/{workspaceId}',
    operationId: 'me.overview',
    summary: "A workspace's command centre: post counts, what goes out next, what failed, connections' health, setup, members",
    description: 'Needs posts:read. A fixed number of queries whatever the workspace holds (docs/performance.md).',
    tags: ['me'],
    scope: 'posts:read',
    parameters: [parameterRef('WorkspaceId')],
    success: { status: 200, description: 'The overview.', schema: schemaRef('WorkspaceOverview') },
    errors: [402, 403, 404],
    async handle(ctx, views) {
      ctx.body = presentOverview(await views.overview.execute(accessOf(ctx).workspaceId));
    },
  },
];
