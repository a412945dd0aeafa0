import { type ServerResponse } from 'node:http';
import { readBody, sendJson } from './fakeAnswers';

export { readBody, sendJson };

/** What the fake can be told to answer the next matching request with. */
export type ScriptedAnswer =
  /** 429 with `X-RateLimit-Reset` this many seconds ahead (Unix seconds). */
  | { readonly kind: 'rateLimited'; readonly resetInSeconds: number }
  | { readonly kind: 'serverError' }
  | { readonly kind: 'badRequest'; readonly message: string }
  /** Cast refused for its signer (revoked or not approved), as when the account removed it. */
  | { readonly kind: 'signerRefused' }
  /** Read the request, then never answer (a timeout after Neynar received it). */
  | { readonly kind: 'hang' };

/** Neynar's `ErrorRes`: `{code, message, property}`. */
export function sendError(response: ServerResponse, status: number, code: string, message: string, property?: string) {
  sendJson(response, status, { code, message, ...(property ? { property } : {}) });
}

export const SIGNER_NOT_APPROVED = 'Signer is not approved. Please approve the signer before using it';

export function sendScripted(response: ServerResponse, answer: ScriptedAnswer) {
  switch (answer.kind) {
    case 'rateLimited':
      return sendJson(
        response,
        429,
        { code: 'RateLimitExceeded', message: 'Too many requests' },
        {
          'X-RateLimit-Reset': String(Math.floor(Date.now() / 1000) + answer.resetInSeconds),
        },
      );
    case 'serverError':
      return sendError(response, 500, 'InternalServerError', 'Internal server error');
    case 'badRequest':
      return sendError(response, 400, 'InvalidField', answer.message);
    case 'signerRefused':
      return sendError(response, 403, 'Forbidden', SIGNER_NOT_APPROVED, 'signer_uuid');
    case 'hang':
      return;
  }
}
