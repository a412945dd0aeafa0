import { type SchemaMap } from '../types';
import { arrayOf, closedObject } from './building';
import { schemaRef } from '../refs';

/** docs/product.md, "Error body": every non-2xx answer of the API (OAuth endpoints excepted). */
export const errorSchemas: SchemaMap = {
  ErrorDetail: closedObject({
    description: 'One problem with the request, located by path (e.g. groups[0].segments[0].text; empty for the whole body).',
    properties: {
      path: { type: 'string' },
      message: { type: 'string' },
    },
  }),
  Error: closedObject({
    description: 'The error body.',
    properties: {
      error: closedObject({
        properties: {
          type: {
            type: 'string',
            description:
              "docs/spec.md's error type for the status: UnauthorizedError (401), QuotaExceededError (402), ForbiddenError (403), NotFoundError (404), MethodNotAllowedError (405), ConflictError (409), PayloadTooLargeError (413), UnsupportedMediaTypeError (415), ValidationError (422), RateLimitedError (429), InternalError (500), HealthUnavailable (503).",
          },
          code: { type: 'string', pattern: '^[a-z][a-z0-9_]*$', description: 'Stable snake_case code, listed in docs/.' },
          message: { type: 'string', description: 'Human-readable; never a stack trace.' },
          details: arrayOf(schemaRef('ErrorDetail'), 'Every problem found, by path; empty when the error is not about the request body or query.'),
          requestId: { type: 'string', description: 'The X-Request-Id of this request; quote it when reporting a problem.' },
        },
      }),
    },
  }),
};
