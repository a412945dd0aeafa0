import { backoffMs, type Clock, DEFAULT_RETRY, type RetryOptions, retryAfterMs } from './retry';

/** A credential: an API key (`dsk_…`), an OAuth access token, or a function giving a fresh one before each attempt. */
export type Token = string | (() => string | undefined | Promise<string | undefined>);

export interface TransportOptions {
  readonly token?: Token;
  readonly retry?: RetryOptions | false;
  readonly clock: Clock;
  readonly idempotencyKey: () => string;
  readonly fetch: (request: Request) => Promise<Response>;
}

/** A bearer token as the service reads one (RFC 6750's token68), HTTP whitespace around it aside; or none at all (the service says what is missing). */
const TOKEN = /^[\t\n\r ]*(?:[A-Za-z0-9\-._~+/]+=*)?[\t\n\r ]*$/;

/**
 * The service's 401 to a token with characters no token has (adapters/inbound/http/middleware/authenticate.ts),
 * answered without sending it: fetch cannot send most such tokens at all (a placeholder's `…` is
 * not a byte), and would throw its own TypeError instead of the DispatchError every failure is.
 */
function placeholderRefused(): Response {
  const message = 'the token has characters no token has (letters, digits and -._~+/ only): was a placeholder such as dsk_… pasted as is?';
  const body = { error: { type: 'UnauthorizedError', code: 'invalid_token', message, details: [] } };
  return Response.json(body, { status: 401, statusText: 'Unauthorized' });
}

/**
 * The fetch openapi-fetch calls: each POST gets an Idempotency-Key (unless the caller set one),
 * the same on every attempt of that call; each attempt carries the credential as it is then
 * (one with characters no token has is not sent: the service's 401 invalid_token, made here);
 * a 429 or 503 is tried again after its Retry-After, a bounded number of times.
 */
export function dispatchFetch(options: TransportOptions): (request: Request) => Promise<Response> {
  const retry = options.retry === false ? { ...DEFAULT_RETRY, maxAttempts: 1 } : { ...DEFAULT_RETRY, ...options.retry };
  return async (request) => {
    if (request.method === 'POST' && !request.headers.has('Idempotency-Key')) request.headers.set('Idempotency-Key', options.idempotencyKey());
    for (let attempt = 1; ; attempt++) {
      const sent = request.clone();
      const token = typeof options.token === 'function' ? await options.token() : options.token;
      if (token !== undefined && !sent.headers.has('Authorization')) {
        if (!TOKEN.test(token)) return placeholderRefused();
        sent.headers.set('Authorization', `Bearer ${token}`);
      }
      const response = await options.fetch(sent);
      if (!retry.statuses.includes(response.status)) return response;
      const wait = retryAfterMs(response.headers.get('Retry-After'), options.clock.now()) ?? backoffMs(attempt);
      if (attempt >= retry.maxAttempts || wait > retry.maxDelayMs) return response;
      await response.body?.cancel();
      await options.clock.sleep(wait, request.signal);
    }
  };
}
