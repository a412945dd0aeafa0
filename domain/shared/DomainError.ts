/**
 * Every rule the domain enforces fails with a DomainError. The `kind` says what
 * sort of failure it is (never an HTTP status: the inbound adapter maps kinds to
 * statuses); the `code` is a stable snake_case value clients may switch on.
 */
export type ErrorKind =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'precondition_failed'
  | 'quota_exceeded'
  | 'rate_limited'
  | 'unavailable';

export interface ErrorDetail {
  readonly path: string;
  readonly message: string;
}

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly code: string,
    message: string,
    readonly details: readonly ErrorDetail[] = [],
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** A refusal for now that says when to come back: answered 429 with `Retry-After`. */
export class TooSoon extends DomainError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('rate_limited', code, message);
  }
}

export const validationError = (code: string, details: readonly ErrorDetail[]): DomainError =>
  new DomainError('validation', code, details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; '), details);

export const notFound = (what: string): DomainError =>
  new DomainError('not_found', `${what.toLowerCase().replace(/\s+/g, '_')}_not_found`, `${what} not found`);

export const conflict = (code: string, message: string): DomainError => new DomainError('conflict', code, message);

/** The client's condition on the resource's state (its ETag in If-Match) no longer holds. */
export const preconditionFailed = (code: string, message: string): DomainError => new DomainError('precondition_failed', code, message);

export const forbidden = (code: string, message: string): DomainError => new DomainError('forbidden', code, message);

export const unauthenticated = (code: string, message: string): DomainError => new DomainError('unauthenticated', code, message);
