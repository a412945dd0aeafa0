import { JSON_HEADERS } from '../chains/responseHeaders';
import { type HeaderObject } from './types';

/** Response headers (docs/product.md, "Headers"), as the middleware sets them. */

export const requestIdHeader: HeaderObject = {
  description: 'Identifies this request in the logs; echoes a well-formed X-Request-Id sent by the caller. On every response.',
  required: true,
  schema: { type: 'string', pattern: '^[A-Za-z0-9._:-]{1,128}$' },
};

/**
 * Rate-limit state of the current window: with a valid credential, the tighter of the
 * credential's and its person's budgets (the fewer remaining), else the client address's.
 * Absent on /health and when the limiter's store is down.
 */
export function rateLimitHeaders(required: boolean): Record<string, HeaderObject> {
  return {
    'RateLimit-Limit': {
      description: "Requests allowed in one window by the budget reported: the credential's or its person's in the workspace, whichever has fewer left.",
      required,
      schema: { type: 'integer', minimum: 1 },
    },
    'RateLimit-Remaining': { description: 'Requests left in the current window.', required, schema: { type: 'integer', minimum: 0 } },
    'RateLimit-Reset': { description: 'Seconds until the current window ends.', required, schema: { type: 'integer', minimum: 0 } },
  };
}

/** A post's (or its target's) version, for If-Match (docs/decisions.md, "Concurrent editors"). */
export const entityTagHeader: HeaderObject = {
  description:
    "The post's strong validator, its stored version quoted (a target's is its post's): send it back in If-Match to change the post only if nobody else did. " +
    "An answer replayed under an Idempotency-Key repeats the first answer's, with its body: if the post changed since, an If-Match with it is a 412.",
  required: false,
  schema: { type: 'string', pattern: '^"[0-9]+"$' },
};

export const retryAfterHeader: HeaderObject = {
  description: 'Seconds to wait before retrying (keep the same idempotency key).',
  required: true,
  schema: { type: 'integer', minimum: 1 },
};

export function wwwAuthenticateHeader(required: boolean): HeaderObject {
  return {
    description:
      'RFC 6750 Bearer challenge with RFC 9728 resource_metadata (the protected-resource metadata URL); ' +
      'error="invalid_token" when a credential was sent, error="insufficient_scope" with the scope needed on 403.',
    required,
    schema: { type: 'string', pattern: '^Bearer ' },
  };
}

export const noStoreHeader: HeaderObject = {
  description: 'The answer is never cached.',
  required: true,
  schema: { type: 'string', const: 'no-store' },
};

const JSON_HEADER_PURPOSE: Record<keyof typeof JSON_HEADERS, string> = {
  'Content-Security-Policy': 'Nothing in the answer may run, load anything or be framed.',
  'X-Content-Type-Options': 'Browsers must not guess another type than the one declared.',
  'Referrer-Policy': 'No URL leaks through a link followed from the answer.',
  'Cross-Origin-Resource-Policy': 'A browser hands the answer to this origin only, unless CORS allows more.',
};

/** The headers on every JSON answer, as the chains set them (docs/surfaces.md). */
export const jsonAnswerHeaders: Record<string, HeaderObject> = Object.fromEntries(
  Object.entries(JSON_HEADERS).map(([name, value]) => [
    name,
    { description: JSON_HEADER_PURPOSE[name as keyof typeof JSON_HEADERS], required: true, schema: { type: 'string', const: value } },
  ]),
);

/** An answer to a request that carried a credential is never cached; required where one always does. */
export function noStoreWhenAuthenticatedHeader(required: boolean): HeaderObject {
  return {
    description: 'no-store on every answer to a request that carries a credential (Authorization), errors included.',
    required,
    schema: { type: 'string', const: 'no-store' },
  };
}
