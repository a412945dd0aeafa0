import { jsonAnswerHeaders, noStoreWhenAuthenticatedHeader, rateLimitHeaders, requestIdHeader, retryAfterHeader, wwwAuthenticateHeader } from './headers';
import { jsonContent, responseRef, schemaRef } from './refs';
import { type Reference, type ResponseObject } from './types';

export type ErrorStatus = 401 | 402 | 403 | 404 | 409 | 412 | 413 | 415 | 422 | 429 | 500 | 503;

const errorResponse = (description: string, headers: ResponseObject['headers']): ResponseObject => ({
  description,
  // Shared by operations with and without a credential: no-store is there only when one was sent.
  headers: { 'X-Request-Id': requestIdHeader, ...jsonAnswerHeaders, 'Cache-Control': noStoreWhenAuthenticatedHeader(false), ...headers },
  content: jsonContent(schemaRef('Error')),
});

/** Each error status once, as `components.responses`, keyed by a readable name. */
const ERROR_RESPONSES: Record<ErrorStatus, { readonly name: string; readonly response: ResponseObject }> = {
  401: {
    name: 'Unauthorized',
    response: errorResponse(
      'UnauthorizedError: the credential is missing, malformed, unknown, revoked or expired (codes missing_credential, invalid_token). Refresh or reauthorize. Counted against the client address.',
      {
        'WWW-Authenticate': wwwAuthenticateHeader(true),
        ...rateLimitHeaders(true),
      },
    ),
  },
  402: {
    name: 'QuotaExceeded',
    response: errorResponse('QuotaExceededError: a usage quota is exhausted.', rateLimitHeaders(true)),
  },
  403: {
    name: 'Forbidden',
    response: errorResponse(
      "ForbiddenError: the caller is a member, but its live role, its granted scopes (insufficient_scope) or its credential's workspace binding (workspace_not_allowed) do not allow the operation, " +
        'or a review rule refuses it (not_author, post_already_approved, own_post_review).',
      { ...rateLimitHeaders(true), 'WWW-Authenticate': wwwAuthenticateHeader(false) },
    ),
  },
  404: {
    name: 'NotFound',
    response: errorResponse(
      'NotFoundError: the resource does not exist, or the workspace is not one the caller is a member of (no existence leak).',
      rateLimitHeaders(true),
    ),
  },
  409: {
    name: 'Conflict',
    response: errorResponse('ConflictError: the resource is not in a state that allows the operation.', rateLimitHeaders(true)),
  },
  412: {
    name: 'PreconditionFailed',
    response: errorResponse(
      'PreconditionFailedError: the If-Match sent names no longer the stored version of the post (code precondition_failed): another writer changed it since it was read. Read it again (its ETag) and retry on the new version.',
      rateLimitHeaders(true),
    ),
  },
  413: {
    name: 'PayloadTooLarge',
    response: errorResponse('PayloadTooLargeError: the body is over the size limit (1 MiB by default).', {}),
  },
  415: {
    name: 'UnsupportedMediaType',
    response: errorResponse("UnsupportedMediaTypeError: the body's Content-Encoding is not supported (identity, gzip, deflate and br are).", {}),
  },
  422: {
    name: 'ValidationFailed',
    response: errorResponse(
      'ValidationError: the body or query is invalid (invalid_json, invalid_body, invalid_query, …); details lists every problem by path. Raised before authentication for a malformed JSON body, so the RateLimit headers may be absent.',
      rateLimitHeaders(false),
    ),
  },
  429: {
    name: 'RateLimited',
    response: errorResponse(
      'RateLimitedError: the credential, or the person behind it in this workspace, used up its requests for this window; wait Retry-After seconds and keep the same idempotency key.',
      {
        'Retry-After': retryAfterHeader,
        ...rateLimitHeaders(true),
      },
    ),
  },
  500: {
    name: 'InternalError',
    response: errorResponse('InternalError: an unexpected failure; quote the requestId when reporting it.', {}),
  },
  503: {
    name: 'ServiceUnavailable',
    response: errorResponse(
      'HealthUnavailable: a store the request needs is unreachable or too slow (database_unavailable, rate_limiter_unavailable, idempotency_store_unavailable), or the request ran past its time limit (request_timeout; a change it was making is rolled back); retry after Retry-After seconds with the same idempotency key.',
      {
        'Retry-After': retryAfterHeader,
      },
    ),
  },
};

export const errorResponseComponents: Record<string, ResponseObject> = Object.fromEntries(
  Object.values(ERROR_RESPONSES).map(({ name, response }) => [name, response]),
);

/** `responses` entries for these statuses, each a $ref to its shared component. */
export function errorResponses(statuses: readonly ErrorStatus[]): Record<string, Reference> {
  return Object.fromEntries(statuses.map((status) => [String(status), responseRef(ERROR_RESPONSES[status].name)]));
}
