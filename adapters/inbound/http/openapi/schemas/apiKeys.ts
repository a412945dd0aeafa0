import { API_KEY_NAME_MAX, API_KEY_NAME_MIN } from '../../contract/requestLimits';
import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';
import { schemaRef } from '../refs';
import { roleRef, scopeRef } from './enums';

const apiKeyProperties = {
  id,
  workspaceId: { type: 'string', description: 'The one workspace the key works in.' },
  userId: { type: 'string', description: 'The member who created the key; the key stops working when that membership ends.' },
  name: { type: 'string' },
  role: { ...roleRef, description: "Frozen at creation; the creator's live role can only lower it." },
  scopes: arrayOf(scopeRef, "Granted scopes, within the role's ceiling."),
  prefix: { type: 'string', description: 'The first characters of the key, to recognise it; not enough to use it.' },
  createdAt: timestamp,
  revokedAt: nullable({ ...timestamp }),
};

/** API keys of a workspace. */
export const apiKeySchemas: SchemaMap = {
  ApiKey: closedObject({
    description: 'An API key, without its secret.',
    properties: apiKeyProperties,
  }),
  ApiKeyList: closedObject({
    description: 'The keys of a workspace, revoked ones included, oldest first; never their secrets.',
    properties: {
      data: arrayOf(schemaRef('ApiKey')),
    },
  }),
  CreatedApiKey: closedObject({
    description: 'The new key, with its secret shown this once.',
    properties: {
      ...apiKeyProperties,
      key: { type: 'string', pattern: '^dsk_[A-Za-z0-9_-]{43}$', description: 'The whole key; it is never shown again.' },
    },
  }),
  CreateApiKeyRequest: closedObject({
    properties: {
      name: { type: 'string', minLength: API_KEY_NAME_MIN, maxLength: API_KEY_NAME_MAX, description: 'Defaults to "API key".' },
      role: { ...roleRef, description: "At most the caller's own role." },
      scopes: arrayOf(scopeRef, "Defaults to the caller's scopes within the role's ceiling; may not exceed what the caller holds."),
    },
    optional: ['name', 'scopes'],
  }),
};
