import { authenticatedOperation } from '../operations';
import { schemaRef } from '../refs';
import { type PathMap } from '../types';

export const mePaths: PathMap = {
  '/v1/me': {
    get: authenticatedOperation({
      operationId: 'me.current',
      summary: 'The authenticated user and the credential in use',
      description: 'Any valid credential. 404 only if the user is deleted while the request runs.',
      tags: ['me'],
      scope: null,
      success: { status: 200, description: 'The user.', schema: schemaRef('CurrentUser') },
      errors: [402, 404],
    }),
  },
  '/v1/me/workspaces': {
    get: authenticatedOperation({
      operationId: 'me.workspaces',
      summary: "The caller's workspace memberships",
      description: 'Any valid credential. An API key or OAuth token sees only the workspace it is bound to.',
      tags: ['me'],
      scope: null,
      success: { status: 200, description: 'The memberships.', schema: schemaRef('MyWorkspaceList') },
      errors: [402],
    }),
  },
};
