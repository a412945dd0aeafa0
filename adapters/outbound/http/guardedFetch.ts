import { guardedRequest } from './guardedRequest';
import { Readable } from 'node:stream';
import { type OutboundAddressGuard } from './OutboundAddressGuard';

/** Statuses whose response has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A `fetch` for SDKs that take one (@atproto/api), going through the outbound-address guard:
 * for calls to an address a user supplied, such as a Bluesky account's own server
 * (docs/decisions.md, "Outbound calls to user-supplied addresses"). A refused address fails
 * the call as a network error would, with the guard's reason.
 */
export function guardedFetch(guard: OutboundAddressGuard): typeof globalThis.fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    // Streamed on as it is read: a video to an account's own server is never held whole.
    const body = request.body === null ? undefined : Readable.fromWeb(request.body as import('node:stream/web').ReadableStream);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const { response } = await guardedRequest(guard, request.url, { method: request.method, headers, body, signal: request.signal });
    const status = response.statusCode ?? 502;
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
    }
    if (NO_BODY.has(status) || request.method === 'HEAD') {
      response.resume();
      return new Response(null, { status, headers: responseHeaders });
    }
    return new Response(Readable.toWeb(response) as ReadableStream, { status, headers: responseHeaders });
  };
}
