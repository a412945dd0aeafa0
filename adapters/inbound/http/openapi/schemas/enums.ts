import { CONNECTION_STATUSES } from '../../../../../domain/connection/Connection';
import { ALL_SCOPES } from '../../../../../domain/credential/Scope';
import { ACCEPTED_PLATFORM_NAMES, PLATFORM_NAMES, PLATFORMS } from '../../../../../domain/platform/Platform';
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
  PlatformName: {
    type: 'string',
    pattern: anyCasePattern(PLATFORM_NAMES),
    examples: ['LINKEDIN', 'linkedin', 'X'],
    description:
      `A platform named freely, where a request names one (not settings.platform, which is a Platform exactly): ${ACCEPTED_PLATFORM_NAMES}. ` +
      'Answers name it as a Platform (X is TWITTER).',
  },
  ConnectionStatus: {
    type: 'string',
    enum: [...CONNECTION_STATUSES],
    description: 'active: usable for publishing; needs_reconnect: the platform revoked access; disconnected: removed.',
  },
};

export const scopeRef = schemaRef('Scope');
export const roleRef = schemaRef('Role');
export const platformRef = schemaRef('Platform');
export const platformNameRef = schemaRef('PlatformName');
export const connectionStatusRef = schemaRef('ConnectionStatus');

/** A `pattern` (JSON Schema has no flags) matching any of `names` in any case, and nothing else. */
export function anyCasePattern(names: readonly string[]): string {
  const anyCase = (name: string) => [...name].map((c) => (c.toLowerCase() === c.toUpperCase() ? c : `[${c.toUpperCase()}${c.toLowerCase()}]`)).join('');
  return `^(?:${names.map(anyCase).join('|')})$`;
}
