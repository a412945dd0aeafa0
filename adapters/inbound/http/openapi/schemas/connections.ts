import { PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../../contract/requestLimits';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';
import { anyCasePattern, connectionStatusRef, platformNameRef, platformRef } from './enums';
import { schemaRef } from '../refs';

/** Connected social accounts of a workspace. */
export const connectionSchemas: SchemaMap = {
  Connection: closedObject({
    description: 'A social account connected to a workspace: what a post target publishes to.',
    properties: {
      id,
      workspaceId: { type: 'string' },
      platform: platformRef,
      handle: { type: 'string', description: 'The account name on the platform.' },
      displayName: nullable({ type: 'string' }),
      status: connectionStatusRef,
      statusReason: nullable({
        type: 'string',
        description: "Why the connection is not active: the platform's words when it refused the grant (needs_reconnect). Null when active.",
      }),
      lastError: nullable(
        closedObject({
          description: 'The last failure talking to the platform (kept after it passes), for health.',
          properties: { message: { type: 'string' }, at: timestamp },
        }),
      ),
      accountId: nullable({ type: 'string', description: "The platform's own id of the account (a DID, a member id); null for sandbox accounts." }),
      publishAs: nullable(
        closedObject({
          description: 'The page, organization, channel or board this connection publishes as; null: as the account itself.',
          properties: { id: { type: 'string' }, kind: { type: 'string', enum: ['page', 'organization', 'channel', 'board'] }, name: { type: 'string' } },
        }),
      ),
      sandbox: {
        type: 'boolean',
        description:
          'true: the sandbox account of this platform: posts go into the service itself, each with a page at its platformPostUrl (nothing reaches the platform).',
      },
      createdAt: timestamp,
    },
  }),
  ConnectWithAppPasswordRequest: closedObject({
    properties: {
      platform: { type: 'string', pattern: anyCasePattern(['BLUESKY']), description: 'BLUESKY, in any case: only Bluesky connects with an app password.' },
      handle: { type: 'string', minLength: 1, maxLength: 253, description: 'e.g. alice.bsky.social (a leading @ is ignored).' },
      appPassword: { type: 'string', minLength: 1, maxLength: 200, description: "An app password made in Bluesky's settings, never the account password." },
      service: { type: 'string', minLength: 1, maxLength: 2048, description: "The account's PDS; default https://bsky.social." },
    },
    optional: ['service'],
  }),
  AuthorizeConnectionRequest: closedObject({
    properties: {
      platform: platformNameRef,
      returnTo: { type: 'string', minLength: 1, maxLength: 2048, description: 'Where the callback sends the person afterwards.' },
    },
    optional: ['returnTo'],
  }),
  AuthorizationStart: closedObject({
    properties: { authorizationUrl: { type: 'string', description: "The platform's authorization page, with this request's state." } },
  }),
  ChoosePublishAsRequest: closedObject({
    properties: { publishAsId: { type: 'string', minLength: 1, maxLength: 255, description: 'An id the platform lists for the account.' } },
  }),
  PlatformList: closedObject({
    properties: {
      data: arrayOf(
        closedObject({
          properties: {
            platform: platformRef,
            displayName: { type: 'string' },
            authKind: { type: 'string', enum: ['oauth2', 'app_password', 'signer'] },
            configured: { type: 'boolean', description: 'Whether this service can connect and publish to it.' },
            limits: closedObject({
              properties: {
                textLimit: { type: 'integer', minimum: 1 },
                textUnit: { type: 'string' },
                requiresMedia: { type: 'boolean' },
                maxMediaPerSegment: nullable({ type: 'integer', minimum: 1 }),
                followUpSegments: { type: 'string', enum: ['thread', 'comments', 'refused'] },
                postsPerWindow: nullable(
                  closedObject({ properties: { posts: { type: 'integer', minimum: 1 }, windowHours: { type: 'integer', minimum: 1 } } }),
                ),
              },
            }),
          },
        }),
      ),
    },
  }),
  ConnectionPage: closedObject({
    description: 'One page of connections, oldest first.',
    properties: {
      data: arrayOf(schemaRef('Connection')),
      total: { type: 'integer', minimum: 0, description: 'Connections in the workspace, all pages together.' },
      limit: { type: 'integer', minimum: PAGE_LIMIT_MIN, maximum: PAGE_LIMIT_MAX },
      offset: { type: 'integer', minimum: 0 },
    },
  }),
};
