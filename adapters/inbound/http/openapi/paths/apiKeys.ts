import { authenticatedOperation } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { type PathMap } from '../types';

export const apiKeyPaths: PathMap = {
  '/v1/workspaces/{workspaceId}/api-keys': {
    post: authenticatedOperation({
      operationId: 'apiKeys.create',
      idempotent: true,
      summary: 'Create an API key bound to this workspace',
      description:
        'Needs apikeys:write. The role may not exceed the caller\'s, and the scopes may not exceed the role\'s ceiling nor what the caller holds (422). The secret is in the response only.',
      tags: ['apiKeys'],
      scope: 'apikeys:write',
      parameters: [parameterRef('WorkspaceId')],
      requestBody: { description: 'The key to create.', schema: schemaRef('CreateApiKeyRequest') },
      success: { status: 201, description: 'The key, with its secret shown this once.', schema: schemaRef('CreatedApiKey') },
      errors: [403, 404],
    }),
  },
  '/v1/workspaces/{workspaceId}/api-keys/{id}': {
    delete: authenticatedOperation({
      operationId: 'apiKeys.revoke',
      idempotent: true,
      summary: 'Revoke an API key of this workspace',
      description: 'Needs apikeys:write. The key stops working at once. A key of another workspace answers 404; an already revoked one 409.',
      tags: ['apiKeys'],
      scope: 'apikeys:write',
      parameters: [
        parameterRef('WorkspaceId'),
        { name: 'id', in: 'path', required: true, description: 'The API key id.', schema: { type: 'string', minLength: 1 } },
      ],
      success: { status: 200, description: 'The revoked key.', schema: schemaRef('ApiKey') },
      errors: [403, 404, 409],
    }),
  },
};
