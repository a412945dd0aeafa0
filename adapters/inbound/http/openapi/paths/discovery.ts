import { openOperation, openResponse } from '../operations';
import { schemaRef } from '../refs';
import { type PathMap } from '../types';

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
