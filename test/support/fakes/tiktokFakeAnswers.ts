import { type ServerResponse } from 'node:http';
import { readBody, sendJson } from './fakeAnswers';

export { readBody, sendJson };

/** What the fake can be told to answer the next matching request with. */
export type ScriptedAnswer =
  | { readonly kind: 'accessTokenInvalid' }
  | { readonly kind: 'rateLimited' }
  | { readonly kind: 'serverError' }
  /** Any of TikTok's error codes, with its HTTP status. */
  | { readonly kind: 'apiError'; readonly status: number; readonly code: string; readonly message: string }
  | { readonly kind: 'invalidGrant' }
  /** Read the request, then never answer (a timeout after TikTok received it). */
  | { readonly kind: 'stall' };

const logId = () => `2026112312000${Math.floor(Math.random() * 1e9)}`;

/** An Open API answer: `{data, error: {code, message, log_id}}`, `code` being `ok` on success. */
export function sendData(response: ServerResponse, data: object) {
  sendJson(response, 200, { data, error: { code: 'ok', message: '', log_id: logId() } });
}

export function sendApiError(response: ServerResponse, status: number, code: string, message: string) {
  sendJson(response, status, { data: {}, error: { code, message, log_id: logId() } });
}

/** The OAuth endpoints' error: `{error, error_description, log_id}`. */
export function sendOAuthError(response: ServerResponse, status: number, error: string, description: string) {
  sendJson(response, status, { error, error_description: description, log_id: logId() });
}

/** Answers a scripted failure; `stall` leaves the response open. */
export function sendScripted(response: ServerResponse, answer: ScriptedAnswer) {
  switch (answer.kind) {
    case 'accessTokenInvalid':
      return sendApiError(response, 401, 'access_token_invalid', 'The access token is invalid or not found in the request.');
    case 'rateLimited':
      return sendApiError(response, 429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.');
    case 'serverError':
      return sendApiError(response, 500, 'internal_error', 'Something went wrong. Please try again later.');
    case 'apiError':
      return sendApiError(response, answer.status, answer.code, answer.message);
    case 'invalidGrant':
      return sendOAuthError(response, 400, 'invalid_grant', 'Refresh token is invalid or expired.');
    case 'stall':
      return;
  }
}
