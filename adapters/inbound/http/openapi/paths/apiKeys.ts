import { authenticatedOperation } from '../operations';
import { parameterRef, schemaRef } from '../refs';
import { type PathMap } from '../types';

export const apiKeyPaths: PathMap = {
  '/v1/workspaces/{workspaceId}/api-keys': {
    get: authenticatedOperation({
      operationId: 'apiKeys.list',
      summary: 'The API keys of this workspace',
      description:
        'Needs apikeys:write. Every key of the workspace, whoever created it, revoked ones included (revokedAt set), oldest first. ' +
        'Never a secret: only the prefix that recognises a key.',
      tags: ['apiKeys'],
      scope: 'apikeys:write',
      parameters: [parameterRef('WorkspaceId')],
      success: { status: 200, description: "The workspace's keys.", schema: schemaRef('ApiKeyList') },
      errors: [403, 404],
    }),
    post: authenticatedOperation({
      operationId: 'apiKeys.create',
      idempotent: true,
      summary: 'Create an API key bound to this workspace',
      description:
        'Needs apikeys:write and a first-party session: an API key cannot create keys (403 api_key_cannot_create_keys), so a leaked key cannot plant replacements that outlive its revocation. ' +
        "The role may not exceed the caller's (role_above_creator), and the scopes may not exceed the role's ceiling (scope_above_role) nor what the caller holds (scope_above_caller), all 422. " +
        'The secret is in this response only; under an Idempotency-Key the stored answer is kept encrypted and replayed only to the same credential.',
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
