import { type IncomingHttpHeaders } from 'node:http';
import { type SeenRequest, type Violation } from '../../support/fakes/kit/RequestChecker';

/** A request as a fake would have seen it: `pathAndQuery` split, `body` JSON-encoded unless text or bytes. */
export function seen(method: string, pathAndQuery: string, headers: IncomingHttpHeaders = {}, body?: unknown): SeenRequest {
  const [path, query = ''] = pathAndQuery.split('?');
  const bytes = body === undefined ? Buffer.alloc(0) : Buffer.isBuffer(body) ? body : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  return { method, path: path!, query: new URLSearchParams(query), headers, body: bytes };
}

export const json = (authorization: string, extra: IncomingHttpHeaders = {}): IncomingHttpHeaders => ({
  authorization,
  'content-type': 'application/json',
  ...extra,
});

export const BOUNDARY = 'dispatch-test-boundary';

/** A `multipart/form-data` body: `[name, value]` fields, `[name, bytes, type]` files. */
export function multipart(parts: ReadonlyArray<readonly [string, string] | readonly [string, Buffer, string]>): Buffer {
  const chunks = parts.map(([name, value, type]) =>
    type === undefined
      ? Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      : Buffer.concat([
          Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`),
          value as Buffer,
          Buffer.from('\r\n'),
        ]),
  );
  return Buffer.concat([...chunks, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

export const MULTIPART = `multipart/form-data; boundary=${BOUNDARY}`;

/** `field: rule` of each violation, for short assertions. */
export const fieldsOf = (violations: readonly Violation[]) => violations.map((v) => v.field);
