import { type SchemaMap } from '../types';
import { arrayOf, closedObject, id, nullable, timestamp } from './building';
import { roleRef, scopeRef } from './enums';
import { schemaRef } from '../refs';

/** The caller: GET /v1/me and GET /v1/me/workspaces. */
export const meSchemas: SchemaMap = {
  CredentialKind: {
    type: 'string',
    enum: ['api_key', 'oauth', 'session'],
    description: "api_key: a dsk_ key; oauth: an access token of the service's OAuth server; session: a first-party session.",
  },
  CurrentCredential: closedObject({
    description: 'The credential this request was made with.',
    properties: {
      type: schemaRef('CredentialKind'),
      id: { type: 'string', description: 'The API key id, OAuth grant id or session id.' },
      workspaceId: nullable({ type: 'string', description: 'The workspace an API key or OAuth token is bound to; null for a session.' }),
      scopes: arrayOf(scopeRef, 'Scopes granted to the credential; in each workspace the live role narrows them further.'),
    },
  }),
  CurrentUser: closedObject({
    description: 'The authenticated user.',
    properties: {
      id,
      email: { type: 'string', description: 'Lower-cased.' },
      name: nullable({ type: 'string' }),
      createdAt: timestamp,
      credential: schemaRef('CurrentCredential'),
    },
  }),
  MyWorkspace: closedObject({
    description:
      "A workspace the caller is a member of, with the caller's effective role there (for an API key: the lower of its frozen role and its creator's live role).",
    properties: {
      id,
      name: { type: 'string' },
      role: roleRef,
      joinedAt: timestamp,
    },
  }),
  MyWorkspaceList: closedObject({
    description: 'Oldest membership first. A workspace-bound credential sees only its own workspace.',
    properties: {
      data: arrayOf(schemaRef('MyWorkspace')),
    },
  }),
};
