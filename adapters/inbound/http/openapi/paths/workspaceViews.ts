import { authenticatedOperation } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { type PathMap } from '../types';

export const workspaceViewPaths: PathMap = {
  '/v1/me/setup/{workspaceId}': {
    get: authenticatedOperation({
      operationId: 'me.setup',
      summary: "A workspace's setup status",
      description: 'Membership of the workspace is enough. No quota applies here: 402 is never answered today.',
      tags: ['me'],
      scope: null,
      parameters: [parameterRef('WorkspaceId')],
      success: { status: 200, description: 'The setup status.', schema: schemaRef('SetupStatus') },
      errors: [402, 403, 404],
    }),
    patch: authenticatedOperation({
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
    }),
  },
  '/v1/me/overview/{workspaceId}': {
    get: authenticatedOperation({
      operationId: 'me.overview',
      summary: "A workspace's command centre: post counts, what goes out next, what failed, connections' health, setup, members",
      description: 'Needs posts:read. A fixed number of queries whatever the workspace holds (docs/performance.md).',
      tags: ['me'],
      scope: 'posts:read',
      parameters: [parameterRef('WorkspaceId')],
      success: { status: 200, description: 'The overview.', schema: schemaRef('WorkspaceOverview') },
      errors: [402, 403, 404],
    }),
  },
};
