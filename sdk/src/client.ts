import createClient, { type Client, type FetchResponse, type HeadersOptions, type MaybeOptionalInit } from 'openapi-fetch';
import { type HttpMethod, type MediaType, type PathsWithMethod, type RequiredKeysOf } from 'openapi-typescript-helpers';
import { DispatchError } from './errors';
import { type Clock, type RetryOptions, systemClock } from './retry';
import { type paths } from './schema';
import { dispatchFetch, type Token } from './transport';

export interface DispatchOptions {
  /** Where the service is, e.g. http://localhost:3000 (its BASE_URL). */
  readonly baseUrl: string;
  /** An API key (`dsk_…`), an OAuth access token, or a function giving a fresh one (called before each attempt). */
  readonly token?: Token;
  /** Retries of 429 and 503 after their Retry-After; `false` never retries. */
  readonly retry?: RetryOptions | false;
  /** Makes the Idempotency-Key of each POST (default: a random UUID). */
  readonly idempotencyKey?: () => string;
  /** The clock the retries wait on (tests inject one). */
  readonly clock?: Clock;
  /** The fetch that sends each attempt (default: globalThis.fetch). */
  readonly fetch?: (request: Request) => Promise<Response>;
  /** Headers sent with every request. */
  readonly headers?: HeadersOptions;
}

/** The answer of a call that succeeded: its JSON, typed from the OpenAPI document, and the Response (headers, status). */
export type Success<R> = R extends { error: unknown; data?: never } ? never : R;

// openapi-fetch's own parameter rule: the init is optional when nothing in it is required.
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** openapi-fetch's method, throwing a DispatchError for a non-2xx answer instead of returning it. */
export type DispatchMethod<Method extends HttpMethod> = <Path extends PathsWithMethod<paths, Method>, Init extends MaybeOptionalInit<paths[Path], Method>>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<Success<FetchResponse<Extract<paths[Path][Method], Record<string | number, unknown>>, Init, MediaType>>>;

export interface Dispatch {
  readonly GET: DispatchMethod<'get'>;
  readonly POST: DispatchMethod<'post'>;
  readonly PUT: DispatchMethod<'put'>;
  readonly PATCH: DispatchMethod<'patch'>;
  readonly DELETE: DispatchMethod<'delete'>;
  /** The openapi-fetch client underneath (same credential, idempotency keys and retries): it returns `{data, error, response}` instead of throwing. */
  readonly raw: Client<paths>;
}

/**
 * A client of the Dispatch API: openapi-fetch over the types generated from GET /openapi.json,
 * with the credential on every request, an Idempotency-Key on every POST, 429 and 503 retried
 * after their Retry-After, and a DispatchError thrown for any other non-2xx answer.
 */
export function createDispatch(options: DispatchOptions): Dispatch {
  const clock = options.clock ?? systemClock;
  const raw = createClient<paths>({
    baseUrl: options.baseUrl,
    headers: options.headers,
    fetch: dispatchFetch({
      token: options.token,
      retry: options.retry,
      clock,
      idempotencyKey: options.idempotencyKey ?? (() => crypto.randomUUID()),
      fetch: options.fetch ?? ((request) => globalThis.fetch(request)),
    }),
  });
  const throwing = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') => async (url: string, init?: Record<string, unknown>) => {
    const answer = await raw.request(method.toLowerCase() as 'get', url as never, init as never);
    if (!answer.response.ok) throw new DispatchError(answer.response, answer.error, clock.now());
    return answer;
  };
  return {
    GET: throwing('GET') as Dispatch['GET'],
    POST: throwing('POST') as Dispatch['POST'],
    PUT: throwing('PUT') as Dispatch['PUT'],
    PATCH: throwing('PATCH') as Dispatch['PATCH'],
    DELETE: throwing('DELETE') as Dispatch['DELETE'],
    raw,
  };
}
