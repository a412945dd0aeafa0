import { type SchemaMap } from '../types';
import { arrayOf, closedObject } from './building';
import { scopeRef } from './enums';

/** Documents served without a credential so that clients can find their way. */
export const discoverySchemas: SchemaMap = {
  ProtectedResourceMetadata: closedObject({
    description: 'RFC 9728 OAuth 2.0 protected-resource metadata; the resource_metadata of every 401 challenge points here.',
    properties: {
      resource: { type: 'string', format: 'uri', description: 'The API base URL.' },
      authorization_servers: arrayOf({ type: 'string', format: 'uri' }),
      bearer_methods_supported: arrayOf({ type: 'string', enum: ['header'] }),
      scopes_supported: arrayOf(scopeRef),
      resource_name: { type: 'string' },
    },
  }),
  OpenApiDocument: closedObject({
    description: 'This document. The inner objects follow the OpenAPI 3.1.0 specification.',
    properties: {
      openapi: { type: 'string', const: '3.1.0' },
      info: closedObject({
        properties: {
          title: { type: 'string' },
          version: { type: 'string' },
          summary: { type: 'string' },
          description: { type: 'string' },
        },
        optional: ['summary', 'description'],
      }),
      jsonSchemaDialect: { type: 'string', format: 'uri' },
      servers: { type: 'array', description: 'OpenAPI Server Objects.' },
      security: { type: 'array', description: 'OpenAPI Security Requirement Objects.' },
      tags: { type: 'array', description: 'OpenAPI Tag Objects.' },
      paths: { description: 'The OpenAPI Paths Object.' },
      components: { description: 'The OpenAPI Components Object.' },
    },
    optional: ['jsonSchemaDialect', 'servers', 'security', 'tags'],
  }),
};
