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
  '/v1/workspaces/{workspaceId}/connections/authorize': {
    post: authenticatedOperation({
      operationId: 'connections.authorize',
      idempotent: true,
      summary: 'Start connecting an account of an OAuth platform, or Farcaster by a signer',
      description:
        "Needs accounts:write. Answers the platform's authorization URL to send the person to. The platform sends them back to " +
        '`{BASE_URL}/connect/{platform}/callback`, which checks the state (bound to this person and workspace, single use, valid 10 minutes), ' +
        'exchanges the code (with PKCE where the platform supports it) and makes the connection; it ends on a plain page, or redirects to ' +
        "`returnTo` with `connection` or `error` added. `returnTo` must be on BASE_URL's origin or one in CONNECT_RETURN_ORIGINS. " +
        'Farcaster answers the approval URL of a signer made at Neynar instead: the account approves it in its Farcaster app, and the ' +
        "worker's housekeeping makes the connection once Neynar says it is approved (no callback; the request expires in 24 hours). " +
        'A platform that is not configured, or that connects otherwise (Bluesky), is a 422.',
      tags: ['connections'],
      scope: 'accounts:write',
      parameters: [parameterRef('WorkspaceId')],
      requestBody: { description: 'The platform, and where to send the person afterwards.', schema: schemaRef('AuthorizeConnectionRequest') },
      success: { status: 200, description: 'Where to send the person.', schema: schemaRef('AuthorizationStart') },
      errors: [403, 404],
    }),
  },
  '/v1/workspaces/{workspaceId}/connections/{id}/target': {
    post: authenticatedOperation({
      operationId: 'connections.target',
      idempotent: true,
      summary: 'Publish as one of the pages, organizations, channels or boards of a connected account',
      description:
        'Needs accounts:write. Asks the platform again what the account may publish as, and makes (or finds) the connection that publishes ' +
        'as the one named: one connection per page, each with its own copy of the grant. An id the platform does not list is a 422 naming the choices.',
      tags: ['connections'],
      scope: 'accounts:write',
      parameters: [
        parameterRef('WorkspaceId'),
        { name: 'id', in: 'path', required: true, description: 'A connection of the account.', schema: { type: 'string', minLength: 1 } },
      ],
      requestBody: { description: 'The page, organization, channel or board.', schema: schemaRef('ChoosePublishAsRequest') },
      success: { status: 201, description: 'The connection that publishes as it.', schema: schemaRef('Connection') },
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
