import { noStoreHeader, retryAfterHeader } from '../headers';
import { openOperation, openResponse } from '../operations';
import { schemaRef } from '../refs';
import { type PathMap } from '../types';

export const healthPaths: PathMap = {
  '/health': {
    get: openOperation({
      operationId: 'health.check',
      rateLimited: false,
      summary: 'Health of the service and of the stores it needs',
      description: 'No credential. 503 names the failing check, and turns back to 200 once the dependency recovers, without a restart.',
      tags: ['health'],
      responses: {
        200: openResponse('Every check passed.', schemaRef('HealthReport'), { 'Cache-Control': noStoreHeader }),
        503: openResponse('A required store (database, Redis) is unreachable: the report names it.', schemaRef('HealthReport'), {
          'Cache-Control': noStoreHeader,
          'Retry-After': retryAfterHeader,
        }),
      },
    }),
  },
};
