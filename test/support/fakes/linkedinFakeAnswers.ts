import { type ServerResponse } from 'node:http';
import { readBody, sendJson } from './fakeAnswers';

export { readBody, sendJson };

/** LinkedIn's error body for the REST and v2 APIs. */
export interface LinkedInError {
  readonly status: number;
  readonly serviceErrorCode?: number;
  readonly code: string;
  readonly message: string;
}

/** What the fake can be told to answer the next matching request with. */
export type ScriptedAnswer =
  | { readonly kind: 'expiredToken' }
  | { readonly kind: 'revokedToken' }
  | { readonly kind: 'rateLimited'; readonly retryAfterSeconds: number }
  | { readonly kind: 'serverError' }
  | { readonly kind: 'unprocessable'; readonly message: string }
  | { readonly kind: 'invalidGrant' }
  /** Read the request, then never answer (a timeout after LinkedIn received it). */
  | { readonly kind: 'stall' };

export const REVOKED: LinkedInError = {
  status: 401,
  serviceErrorCode: 65601,
  code: 'REVOKED_ACCESS_TOKEN',
  message: 'The token used in the request has been revoked by the user',
};
export const EXPIRED: LinkedInError = {
  status: 401,
  serviceErrorCode: 65602,
  code: 'EXPIRED_ACCESS_TOKEN',
  message: 'The token used in the request has expired',
};
export const INVALID_TOKEN: LinkedInError = { status: 401, serviceErrorCode: 65600, code: 'INVALID_ACCESS_TOKEN', message: 'Invalid access token' };

export function sendError(response: ServerResponse, error: LinkedInError, headers: Record<string, string> = {}) {
  sendJson(response, error.status, error, headers);
}

/** Answers a scripted failure; `stall` leaves the response open. */
export function sendScripted(response: ServerResponse, answer: ScriptedAnswer) {
  switch (answer.kind) {
    case 'expiredToken':
      return sendError(response, EXPIRED);
    case 'revokedToken':
      return sendError(response, REVOKED);
    case 'rateLimited':
      return sendError(
        response,
        { status: 429, code: 'TOO_MANY_REQUESTS', message: 'Resource level throttle APPLICATION DAY limit for calls to this resource is reached.' },
        { 'Retry-After': String(answer.retryAfterSeconds) },
      );
    case 'serverError':
      return sendError(response, { status: 500, code: 'INTERNAL_SERVER_ERROR', message: 'Internal Server Error' });
    case 'unprocessable':
      return sendError(response, { status: 422, code: 'UNPROCESSABLE_ENTITY', message: answer.message });
    case 'invalidGrant':
      return sendJson(response, 400, {
        error: 'invalid_grant',
        error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked.',
      });
    case 'stall':
      return;
  }
}
