import { type ErrorDetail, type ErrorKind } from '../../../../domain/shared/DomainError';

/** docs/spec.md's error type for each status; docs/product.md's body around it. */
export const STATUS_OF: Record<ErrorKind, number> = {
  validation: 422,
  unauthenticated: 401,
  quota_exceeded: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  precondition_failed: 412,
  rate_limited: 429,
  unavailable: 503,
};

const TYPE_OF_STATUS: Record<number, string> = {
  400: 'BadRequestError',
  401: 'UnauthorizedError',
  402: 'QuotaExceededError',
  403: 'ForbiddenError',
  404: 'NotFoundError',
  405: 'MethodNotAllowedError',
  408: 'RequestTimeoutError',
  409: 'ConflictError',
  412: 'PreconditionFailedError',
  413: 'PayloadTooLargeError',
  415: 'UnsupportedMediaTypeError',
  422: 'ValidationError',
  429: 'RateLimitedError',
  431: 'HeadersTooLargeError',
  500: 'InternalError',
  501: 'NotImplementedError',
  503: 'HealthUnavailable',
};

export interface ErrorBody {
  readonly error: {
    readonly type: string;
    readonly code: string;
    readonly message: string;
    readonly details: readonly ErrorDetail[];
    readonly requestId: string;
  };
}

export function errorBody(status: number, code: string, message: string, details: readonly ErrorDetail[], requestId: string): ErrorBody {
  return { error: { type: TYPE_OF_STATUS[status] ?? 'BadRequestError', code, message, details, requestId } };
}
