import { retryAfterMs } from './retry';
import { type components } from './schema';

/** The body of every non-2xx answer of the API (docs/errors.md). */
export type ApiErrorBody = components['schemas']['Error'];
export type ApiErrorDetail = components['schemas']['ErrorDetail'];

/**
 * A non-2xx answer, thrown by the SDK's methods. `status` is the HTTP status; `code`, `type`,
 * `message`, `details` and `requestId` come from the API's error body (docs/errors.md: switch
 * on `code`, it is stable). An answer without that body (a proxy's 502, an OAuth endpoint's
 * `{error, error_description}`) still gives a status and the best code it can: `body` is then
 * undefined and `raw` holds what came.
 */
export class DispatchError extends Error {
  override readonly name = 'DispatchError';
  readonly status: number;
  readonly type: string;
  readonly code: string;
  readonly details: readonly ApiErrorDetail[];
  /** The X-Request-Id of the request that produced the body (quote it when reporting a problem). */
  readonly requestId: string | undefined;
  /** The API's error body, when the answer carried one. */
  readonly body: ApiErrorBody | undefined;
  /** The answer's parsed JSON, or its text, whatever its shape. */
  readonly raw: unknown;
  readonly response: Response;
  /** What the answer's Retry-After asks for, in milliseconds (429, 503): the SDK gave up retrying before that. */
  readonly retryAfterMs: number | undefined;

  /** `now`: the clock that reads an HTTP-date Retry-After (milliseconds since the epoch). */
  constructor(response: Response, raw: unknown, now: number = Date.now()) {
    const body = isApiErrorBody(raw) ? raw : undefined;
    const oauth = body === undefined ? oauthError(raw) : undefined;
    const code = body?.error.code ?? oauth?.code ?? `http_${response.status}`;
    const message = body?.error.message ?? oauth?.message ?? (typeof raw === 'string' && raw !== '' ? raw.slice(0, 500) : response.statusText);
    super(`${response.status} ${code}: ${message}`);
    this.status = response.status;
    this.type = body?.error.type ?? (oauth !== undefined ? 'OAuthError' : 'HttpError');
    this.code = code;
    this.details = body?.error.details ?? [];
    this.requestId = body?.error.requestId ?? response.headers.get('X-Request-Id') ?? undefined;
    this.body = body;
    this.raw = raw;
    this.response = response;
    this.retryAfterMs = retryAfterMs(response.headers.get('Retry-After'), now);
  }
}

/** True for a DispatchError, and when `code` is given, one with that code. */
export function isDispatchError(error: unknown, code?: string): error is DispatchError {
  return error instanceof DispatchError && (code === undefined || error.code === code);
}

function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error: unknown = value.error;
  return (
    typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' && 'message' in error && typeof error.message === 'string'
  );
}

/** RFC 6749's error body, as the OAuth endpoints answer. */
function oauthError(value: unknown): { code: string; message: string } | undefined {
  if (typeof value !== 'object' || value === null || !('error' in value) || typeof value.error !== 'string') return undefined;
  const description = 'error_description' in value && typeof value.error_description === 'string' ? value.error_description : value.error;
  return { code: value.error, message: description };
}
