import { type ServerResponse } from 'node:http';
import { readBody, sendJson, sendOAuthError } from './fakeAnswers';

export { readBody, sendJson };

/** Pinterest's error body for the v5 API. */
export interface PinterestError {
  readonly status: number;
  readonly code: number;
  readonly message: string;
}

/** What the fake can be told to answer the next matching request with. */
export type ScriptedAnswer =
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'rateLimited'; readonly retryAfterSeconds: number | null }
  | { readonly kind: 'serverError' }
  | { readonly kind: 'badRequest'; readonly message: string }
  | { readonly kind: 'invalidGrant' }
  /** Read the request, then never answer (a timeout after Pinterest received it). */
  | { readonly kind: 'stall' };

export const AUTHENTICATION_FAILED: PinterestError = { status: 401, code: 2, message: 'Authentication failed.' };

export function sendError(response: ServerResponse, error: PinterestError, headers: Record<string, string> = {}) {
  sendJson(response, error.status, { code: error.code, message: error.message }, headers);
}

export const oauthError = sendOAuthError;

/** Answers a scripted failure; `stall` leaves the response open. */
export function sendScripted(response: ServerResponse, answer: ScriptedAnswer) {
  switch (answer.kind) {
    case 'unauthorized':
      return sendError(response, AUTHENTICATION_FAILED);
    case 'rateLimited':
      return sendError(
        response,
        { status: 429, code: 8, message: 'You have exceeded your rate limit. Try again later.' },
        answer.retryAfterSeconds === null ? {} : { 'Retry-After': String(answer.retryAfterSeconds) },
      );
    case 'serverError':
      return sendError(response, { status: 500, code: 1, message: 'Internal error.' });
    case 'badRequest':
      return sendError(response, { status: 400, code: 1, message: answer.message });
    case 'invalidGrant':
      return oauthError(response, 400, 'invalid_grant', 'The refresh token is invalid, expired or revoked.');
    case 'stall':
      return;
  }
}
