import { openOperation, openResponse } from '../operations';
import { schemaRef } from '../refs';
import { type HeaderObject, type PathMap } from '../types';

/** A public document may be cached this long; a request that sent a credential still gets no-store. */
const cacheControl = (value: string): Record<string, HeaderObject> => ({
  'Cache-Control': {
    description: `${value}; no-store when the request carried a credential (Authorization).`,
    required: true,
    schema: { type: 'string', enum: [value, 'no-store'] },
  },
});

export const discoveryPaths: PathMap = {
  '/.well-known/oauth-protected-resource': {
    get: openOperation({
      operationId: 'discovery.protectedResource',
      summary: 'OAuth 2.0 protected-resource metadata (RFC 9728)',
      description: 'No credential. Where to obtain tokens for this API and which scopes exist.',
      tags: ['discovery'],
      responses: { 200: openResponse('The metadata.', schemaRef('ProtectedResourceMetadata')) },
    }),
  },
  '/.well-known/oauth-authorization-server': {
    get: openOperation({
      operationId: 'discovery.authorizationServer',
      summary: 'OAuth 2.0 authorization-server metadata (RFC 8414)',
      description:
        'No credential. The issuer (BASE_URL), every endpoint, the scopes, grants and client authentication methods. Clients are registered by the operator: no registration endpoint.',
      tags: ['discovery'],
      responses: { 200: openResponse('The metadata.', schemaRef('AuthorizationServerMetadata'), cacheControl('public, max-age=3600')) },
    }),
  },
  '/.well-known/jwks.json': {
    get: openOperation({
      operationId: 'discovery.jwks',
      summary: 'The public keys tokens are signed with (RFC 7517 JWK Set)',
      description:
        'No credential. Every key that signs or may still verify a token: a rotated key appears here before it signs, a retired one stays until the tokens it signed have expired.',
      tags: ['discovery'],
      responses: { 200: openResponse('The key set.', schemaRef('JsonWebKeySet'), cacheControl('public, max-age=300')) },
    }),
  },
  '/openapi.json': {
    get: openOperation({
      operationId: 'discovery.openapi',
      summary: 'This OpenAPI 3.1.0 document',
      description: 'No credential.',
      tags: ['discovery'],
      responses: { 200: openResponse('The document.', schemaRef('OpenApiDocument')) },
    }),
  },
};
