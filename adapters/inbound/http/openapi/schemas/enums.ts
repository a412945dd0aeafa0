import { CONNECTION_STATUSES } from '../../../../../domain/connection/Connection';
import { ALL_SCOPES } from '../../../../../domain/credential/Scope';
import { PLATFORMS } from '../../../../../domain/platform/Platform';
import { ROLES } from '../../../../../domain/workspace/Role';
import { schemaRef } from '../refs';
import { type SchemaMap } from '../types';

/** Value sets taken from the domain, so the contract cannot drift from the code. */
export const enumSchemas: SchemaMap = {
  Scope: {
    type: 'string',
    enum: [...ALL_SCOPES],
    description: 'A capability a credential may be granted (docs/spec.md, "Scopes").',
  },
  Role: {
    type: 'string',
    enum: [...ROLES],
    description: 'A workspace role; each has a scope ceiling (docs/product.md, "Roles and their scope ceilings").',
  },
  Platform: { type: 'string', enum: [...PLATFORMS], description: 'A social platform.' },
  ConnectionStatus: {
    type: 'string',
    enum: [...CONNECTION_STATUSES],
    description: 'active: usable for publishing; needs_reconnect: the platform revoked access; disconnected: removed.',
  },
};

export const scopeRef = schemaRef('Scope');
export const roleRef = schemaRef('Role');
export const platformRef = schemaRef('Platform');
export const connectionStatusRef = schemaRef('ConnectionStatus');
