import { PAGE_LIMIT_MAX, PAGE_LIMIT_MIN } from '../../contract/requestLimits';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';
import { connectionStatusRef, platformRef } from './enums';
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
      sandbox: {
        type: 'boolean',
        description:
          'true: the sandbox account of this platform: posts go into the service itself, each with a page at its platformPostUrl (nothing reaches the platform).',
      },
      createdAt: timestamp,
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
