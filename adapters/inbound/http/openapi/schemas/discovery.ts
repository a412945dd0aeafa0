import { type SchemaMap } from '../types';
import { arrayOf, closedObject } from './building';
import { scopeRef } from './enums';

const clientAuthMethod = { type: 'string', enum: ['none', 'client_secret_basic', 'client_secret_post'] } as const;

/** Documents served without a credential so that clients can find their way. */
export const discoverySchemas: SchemaMap = {
  ProtectedResourceMetadata: closedObject({
    description: "RFC 9728 OAuth 2.0 protected-resource metadata; the resource_metadata of every 401 challenge points here (the MCP server's to its own).",
    properties: {
      resource: { type: 'string', format: 'uri', description: "The API's base URL, or the MCP server's URL (BASE_URL/mcp) in its own metadata." },
      authorization_servers: arrayOf({ type: 'string', format: 'uri' }),
      bearer_methods_supported: arrayOf({ type: 'string', enum: ['header'] }),
      scopes_supported: arrayOf(scopeRef),
      resource_name: { type: 'string' },
    },
  }),
  AuthorizationServerMetadata: closedObject({
    description: 'RFC 8414 OAuth 2.0 authorization-server metadata. Every URL is under the issuer, BASE_URL.',
    properties: {
      issuer: { type: 'string', format: 'uri', description: 'BASE_URL: the iss of every access token and of every authorization response.' },
      authorization_endpoint: { type: 'string', format: 'uri' },
      token_endpoint: { type: 'string', format: 'uri' },
      device_authorization_endpoint: { type: 'string', format: 'uri' },
      revocation_endpoint: { type: 'string', format: 'uri' },
      introspection_endpoint: { type: 'string', format: 'uri' },
      jwks_uri: { type: 'string', format: 'uri' },
      scopes_supported: arrayOf(scopeRef),
      response_types_supported: arrayOf({ type: 'string', enum: ['code'] }),
      grant_types_supported: arrayOf({ type: 'string', enum: ['authorization_code', 'urn:ietf:params:oauth:grant-type:device_code', 'refresh_token'] }),
      token_endpoint_auth_methods_supported: arrayOf(clientAuthMethod),
      revocation_endpoint_auth_methods_supported: arrayOf(clientAuthMethod),
      introspection_endpoint_auth_methods_supported: arrayOf(clientAuthMethod),
      code_challenge_methods_supported: arrayOf({ type: 'string', enum: ['S256'] }),
      authorization_response_iss_parameter_supported: { type: 'boolean', const: true },
    },
  }),
  JsonWebKeySet: closedObject({
    description: 'RFC 7517 JWK Set: the public halves of the ES256 signing keys, never a private member.',
    properties: {
      keys: arrayOf(
        closedObject({
          properties: {
            kty: { type: 'string', const: 'EC' },
            crv: { type: 'string', const: 'P-256' },
            x: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
            y: { type: 'string', pattern: '^[A-Za-z0-9_-]+$' },
            kid: { type: 'string', description: 'The RFC 7638 thumbprint, named in the header of every token the key signs.' },
            alg: { type: 'string', const: 'ES256' },
            use: { type: 'string', const: 'sig' },
          },
        }),
      ),
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
      webhooks: { description: 'The requests the service sends: one entry per event a webhook subscription receives (docs/webhooks.md).' },
      components: { description: 'The OpenAPI Components Object.' },
    },
    optional: ['jsonSchemaDialect', 'servers', 'security', 'tags', 'webhooks'],
  }),
};
