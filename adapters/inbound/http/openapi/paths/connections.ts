import { authenticatedOperation } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { type PathMap } from '../types';

export const connectionPaths: PathMap = {
  '/v1/workspaces/{workspaceId}/connections': {
    get: authenticatedOperation({
      operationId: 'connections.list',
      summary: 'The connected social accounts of a workspace',
      description: 'Needs accounts:read.',
      tags: ['connections'],
      scope: 'accounts:read',
      parameters: [parameterRef('WorkspaceId'), parameterRef('Limit'), parameterRef('Offset')],
      success: { status: 200, description: 'One page of connections.', schema: schemaRef('ConnectionPage') },
      errors: [403, 404, 422],
    }),
  },
};
