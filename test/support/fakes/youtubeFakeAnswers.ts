import { type IncomingMessage, type ServerResponse } from 'node:http';
import { readBody, sendJson as sendJsonAnswer, sendOAuthError } from './fakeAnswers';

export { readBody, sendOAuthError };

/** What the fake can be told to answer the next matching request with. */
export type ScriptedAnswer =
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'quotaExceeded' }
  | { readonly kind: 'uploadLimitExceeded' }
  | { readonly kind: 'serverError' }
  /** Do what the request asks, then answer 503 as if it had failed (the answer was lost). */
  | { readonly kind: 'serverErrorAfterHandling' }
  | { readonly kind: 'invalidGrant' }
  /** Read the request, then never answer (a timeout after Google received it). */
  | { readonly kind: 'stall' }
  /** Read the request, keep the first `keepBytes` of an upload chunk (Google may keep less than it was sent), then close the connection. */
  | { readonly kind: 'drop'; readonly keepBytes?: number };

export const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  sendJsonAnswer(response, status, body, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });

/** Google's API error body: `{error: {code, message, errors: [{message, domain, reason}]}}`. */
export function sendGoogleError(response: ServerResponse, status: number, reason: string, message: string, domain = 'youtube.api') {
  sendJson(response, status, { error: { code: status, message, errors: [{ message, domain, reason }] } });
}

export const unauthorized = (response: ServerResponse) =>
  sendGoogleError(
    response,
    401,
    'authError',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    'global',
  );

/** Answers a scripted failure; `stall` leaves the response open, `drop` closes the connection. */
export function sendScripted(request: IncomingMessage, response: ServerResponse, answer: ScriptedAnswer) {
  switch (answer.kind) {
    case 'unauthorized':
      return unauthorized(response);
    case 'quotaExceeded':
      return sendGoogleError(
        response,
        403,
        'quotaExceeded',
        'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
      );
    case 'uploadLimitExceeded':
      return sendGoogleError(response, 403, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.', 'youtube.video');
    case 'serverError':
    case 'serverErrorAfterHandling':
      return sendGoogleError(response, 503, 'backendError', 'Backend Error', 'global');
    case 'invalidGrant':
      return sendOAuthError(response, 400, 'invalid_grant', 'Token has been expired or revoked.');
    case 'stall':
      return;
    case 'drop':
      return request.socket.destroy();
  }
}
