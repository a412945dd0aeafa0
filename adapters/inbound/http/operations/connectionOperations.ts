import { type AuthorizeConnection } from '../../../../application/connections/AuthorizeConnection';
import { type ChoosePublishAs } from '../../../../application/connections/ChoosePublishAs';
import { type ConnectWithAppPassword } from '../../../../application/connections/ConnectWithAppPassword';
import { type DisconnectConnection } from '../../../../application/connections/DisconnectConnection';
import { type ListConnections } from '../../../../application/connections/ListConnections';
import { type ListPlatforms } from '../../../../application/connections/ListPlatforms';
import { AuthorizeConnectionBody, ChoosePublishAsBody } from '../dto/AuthorizeBody';
import { ConnectWithAppPasswordBody } from '../dto/ConnectBody';
import { parameterRef, schemaRef } from '../openapi/refs';
import { presentConnection } from '../presenters/present';
import { presentPlatform } from '../presenters/presentPlatform';
import { parsePage } from '../query';
import { accessOf } from '../state';
import { validateBody } from '../validation';
import { type ApiOperations } from './ApiOperation';

export interface ConnectionUseCases {
  readonly list: ListConnections;
  readonly connectWithAppPassword: ConnectWithAppPassword;
  readonly authorize: AuthorizeConnection;
  readonly choosePublishAs: ChoosePublishAs;
  readonly disconnect: DisconnectConnection;
  readonly platforms: ListPlatforms;
}

/** A workspace's connected accounts, and the platforms this service can connect (`GET /v1/platforms`, any credential). */
export const CONNECTION_OPERATIONS: ApiOperations<ConnectionUseCases> = [
  {
    method: 'get',
    path: '/v1/workspaces/{workspaceId}/connections',
    operationId: 'connections.list',
    summary: 'The connected social accounts of a workspace',
    description: 'Needs accounts:read.',
    tags: ['connections'],
    scope: 'accounts:read',
    parameters: [parameterRef('WorkspaceId'), parameterRef('Limit'), parameterRef('Offset')],
    success: { status: 200, description: 'One page of connections.', schema: schemaRef('ConnectionPage') },
    errors: [403, 404, 422],
    async handle(ctx, connections) {
      const page = parsePage(ctx.query);
      const { items, total } = await connections.list.execute(accessOf(ctx).workspaceId, page);
      ctx.body = { data: items.map(presentConnection), total, ...page };
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/connections',
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
    // Bluesky: an app password, never kept in a log (docs/decisions.md, "Connections").
    async handle(ctx, connections) {
      const body = validateBody(ConnectWithAppPasswordBody, ctx.request.body);
      const connection = await connections.connectWithAppPassword.execute({
        workspaceId: accessOf(ctx).workspaceId,
        handle: body.handle,
        appPassword: body.appPassword,
        service: body.service,
      });
      ctx.status = 201;
      ctx.body = presentConnection(connection);
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/connections/authorize',
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
    // OAuth platforms: where to send the person; the platform sends them back to /connect/{platform}/callback.
    async handle(ctx, connections) {
      const body = validateBody(AuthorizeConnectionBody, ctx.request.body);
      const { workspaceId, userId } = accessOf(ctx);
      ctx.body = await connections.authorize.start({ workspaceId, userId, platform: body.platform, returnTo: body.returnTo });
    },
  },
  {
    method: 'post',
    path: '/v1/workspaces/{workspaceId}/connections/{id}/target',
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
    async handle(ctx, connections) {
      const body = validateBody(ChoosePublishAsBody, ctx.request.body);
      ctx.status = 201;
      ctx.body = presentConnection(await connections.choosePublishAs.execute(accessOf(ctx).workspaceId, ctx.params.id!, body.publishAsId));
    },
  },
  {
    method: 'delete',
    path: '/v1/workspaces/{workspaceId}/connections/{id}',
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
    async handle(ctx, connections) {
      await connections.disconnect.execute(accessOf(ctx).workspaceId, ctx.params.id!);
      ctx.status = 204;
    },
  },
  {
    method: 'get',
    path: '/v1/platforms',
    operationId: 'platforms.list',
    summary: 'The ten platforms: configured or not, how each connects, its limits',
    description: 'Any valid credential. `configured` is false where the operator has not set the platform\'s app credentials (README, "Connecting accounts").',
    tags: ['connections'],
    scope: null,
    success: { status: 200, description: 'The platforms.', schema: schemaRef('PlatformList') },
    errors: [],
    async handle(ctx, { platforms }) {
      ctx.body = { data: platforms.execute().map(presentPlatform) };
    },
  },
];
