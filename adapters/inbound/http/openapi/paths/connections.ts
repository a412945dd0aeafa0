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
    post: authenticatedOperation({
      operationId: 'connections.create',
      idempotent: true,
      summary: 'Connect a Bluesky account with an app password',
      description:
        "Needs accounts:write. Logs in once at the account's service (default https://bsky.social; a service URL you give must be a public address) " +
        'and keeps the session, refreshed as it expires: never a login per post. The same account connected again is the same connection, active again. ' +
        'A refused login is a 422 naming appPassword; Bluesky unreachable, a 503. Other platforms connect through their authorization flow.',
      tags: ['connections'],
      scope: 'accounts:write',
      parameters: [parameterRef('WorkspaceId')],
      requestBody: { description: 'The account and its app password (kept sealed, never shown again).', schema: schemaRef('ConnectWithAppPasswordRequest') },
      success: { status: 201, description: 'The connection.', schema: schemaRef('Connection') },
      errors: [403, 404],
    }),
  },
  '/v1/workspaces/{workspaceId}/connections/{id}': {
    delete: authenticatedOperation({
      operationId: 'connections.disconnect',
      idempotent: true,
      summary: 'Disconnect an account',
      description:
        'Needs accounts:write. Revokes the grant at the platform where it can (best effort), removes the credentials and keeps the connection ' +
        "as disconnected: posts that name it still read, their pending targets fail with that reason. Another workspace's connection answers 404.",
      tags: ['connections'],
      scope: 'accounts:write',
      parameters: [
        parameterRef('WorkspaceId'),
        { name: 'id', in: 'path', required: true, description: 'The connection id.', schema: { type: 'string', minLength: 1 } },
      ],
      success: { status: 204, description: 'Disconnected.' },
      errors: [403, 404],
    }),
  },
  '/v1/platforms': {
    get: authenticatedOperation({
      operationId: 'platforms.list',
      summary: 'The ten platforms: configured or not, how each connects, its limits',
      description:
        'Any valid credential. `configured` is false where the operator has not set the platform\'s app credentials (README, "Connecting accounts").',
      tags: ['connections'],
      scope: null,
      success: { status: 200, description: 'The platforms.', schema: schemaRef('PlatformList') },
      errors: [],
    }),
  },
};
