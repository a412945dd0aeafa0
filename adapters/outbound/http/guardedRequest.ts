import { type IncomingMessage, type OutgoingHttpHeaders, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { classifyConnectionError } from './classifyConnectionError';
import { checkOutboundUrl } from './checkOutboundUrl';
import { type OutboundAddressGuard } from './OutboundAddressGuard';
import { OutboundRequestError } from './OutboundRequestError';

export interface GuardedRequestOptions {
  /** GET by default. Redirects are followed for GET and HEAD only; other methods get the 3xx back. */
  readonly method?: string;
  readonly headers?: OutgoingHttpHeaders;
  /** A stream is sent as it is read (a POST is never redirected, so it is sent once). */
  readonly body?: string | Buffer | Readable;
  /** Aborts the call until its response arrives; reading the body is then the caller's to bound. */
  readonly signal?: AbortSignal;
  /** 5 by default. */
  readonly maxRedirects?: number;
}

export interface GuardedResponse {
  readonly response: IncomingMessage;
  /** The URL that answered, after redirects. */
  readonly url: URL;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Not sent on to another origin after a redirect. */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

/**
 * One call to a user-supplied URL through the guard's agents: the scheme checked here, the
 * address when the socket connects; every redirect's URL is checked the same way before it is
 * followed (docs/decisions.md, "Outbound calls to user-supplied addresses").
 * Fails with an OutboundRequestError.
 */
export async function guardedRequest(guard: OutboundAddressGuard, raw: string, options: GuardedRequestOptions): Promise<GuardedResponse> {
  const method = (options.method ?? 'GET').toUpperCase();
  const follows = method === 'GET' || method === 'HEAD';
  const maxRedirects = options.maxRedirects ?? 5;
  const first = checkOutboundUrl(raw);
  let url = first;
  let headers: OutgoingHttpHeaders = { ...options.headers };
  for (let redirects = 0; ; redirects += 1) {
    const response = await requestOnce(guard, url, { method, headers, body: options.body, signal: options.signal });
    const location = response.headers.location;
    if (!follows || !REDIRECTS.has(response.statusCode ?? 0) || location === undefined) return { response, url };
    response.resume();
    if (redirects === maxRedirects) throw new OutboundRequestError('too_many_redirects', `more than ${maxRedirects} redirects`);
    const next = checkOutboundUrl(location, url);
    if (next.origin !== first.origin) headers = withoutCredentials(headers);
    url = next;
  }
}

function withoutCredentials(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.includes(name.toLowerCase())));
}

interface OneRequest {
  readonly method: string;
  readonly headers: OutgoingHttpHeaders;
  readonly body?: string | Buffer | Readable;
  readonly signal?: AbortSignal;
}

function requestOnce(guard: OutboundAddressGuard, url: URL, { method, headers, body, signal }: OneRequest): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new OutboundRequestError('aborted', 'the request was cancelled'));
      return;
    }
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method, headers, agent: guard.agentFor(url) });
    const abort = () => request.destroy(new OutboundRequestError('aborted', 'the request was cancelled'));
    signal?.addEventListener('abort', abort, { once: true });
    request.once('response', (response) => {
      signal?.removeEventListener('abort', abort);
      resolve(response);
    });
    request.on('error', (error) => {
      signal?.removeEventListener('abort', abort);
      reject(classifyConnectionError(error, url));
    });
    if (body instanceof Readable) {
      // A body that fails midway fails the request: the caller hears it as the network error it is.
      body.once('error', (error) => request.destroy(error));
      body.pipe(request);
    } else request.end(body);
  });
}
