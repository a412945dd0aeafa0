import { type ManageApiKeys } from '../../../../application/admin/ManageApiKeys';
import { notFound } from '../../../../domain/shared/DomainError';
import { CreateApiKeyBody } from '../dto/CreateApiKeyBody';
import { parameterRef, schemaRef } from '../openapi/refs';
import { presentApiKey } from '../presenters/present';
import { accessOf, credentialOf } from '../state';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';

/**
 * API keys of a workspace, managed by members holding apikeys:write. The Idempotency-Key runs
 * after the access check, so a stored answer is replayed only to a caller allowed to make the
 * request.
 */
export const API_KEY_OPERATIONS: ApiOperations<ManageApiKeys> = [
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/api-keys',
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
    async handle(ctx, apiKeys) {
      ctx.body = { data: (await apiKeys.listInWorkspace(accessOf(ctx).workspaceId)).map(presentApiKey) };
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/api-keys',
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
    async handle(ctx, apiKeys) {
      const body = validateBody(CreateApiKeyBody, ctx.request.body);
      const caller = { credentialKind: credentialOf(ctx).kind, access: accessOf(ctx) };
      const created = await apiKeys.createFor(caller, { role: body.role, scopes: body.scopes, name: body.name });
      ctx.status = 201;
      ctx.body = { ...presentApiKey(created.apiKey), key: created.secret };
    },
  },
  {
    method: 'delete',
    path: '/v1/workspaces/{workspaceId}/api-keys/{id}',
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
    async handle(ctx, apiKeys) {
      const revoked = await apiKeys.revokeInWorkspace(accessOf(ctx).workspaceId, ctx.params.id!);
      if (revoked === null) throw notFound('API key');
      ctx.body = presentApiKey(revoked);
    },
  },
];
