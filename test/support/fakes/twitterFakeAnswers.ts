import { type ServerResponse } from 'node:http';
import { readBody, sendJson as sendJsonAnswer } from './fakeAnswers';

export { readBody };

/** What the fake can be told to answer the next matching request with. */
export type ScriptedXAnswer =
  | { readonly kind: 'unauthorized' }
  /** 429 with `x-rate-limit-reset` at this epoch second. */
  | { readonly kind: 'rateLimited'; readonly resetAtEpochSeconds: number }
  | { readonly kind: 'serverError'; readonly status?: 500 | 503 }
  | { readonly kind: 'duplicate' }
  | { readonly kind: 'invalidGrant' }
  /** Read the request, then never answer (a timeout after X received it). */
  | { readonly kind: 'stall' };

export const sendJson = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  sendJsonAnswer(response, status, body, { 'Content-Type': 'application/json; charset=utf-8', ...headers });

/** X's v2 errors are problem details (RFC 7807). */
export function sendProblem(response: ServerResponse, status: number, title: string, detail: string, headers: Record<string, string> = {}) {
  sendJson(response, status, { title, detail, type: 'about:blank', status }, headers);
}

/** A 400 naming what was wrong, in X's invalid-request shape. */
export function sendInvalid(response: ServerResponse, message: string) {
  sendJson(response, 400, {
    errors: [{ message }],
    title: 'Invalid Request',
    detail: 'One or more parameters to your request was invalid.',
    type: 'https://api.twitter.com/2/problems/invalid-request',
  });
}

export const sendUnauthorized = (response: ServerResponse) => sendProblem(response, 401, 'Unauthorized', 'Unauthorized');

export const sendDuplicate = (response: ServerResponse) =>
  sendProblem(response, 403, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');

/** Answers a scripted failure; `stall` leaves the response open. */
export function sendScripted(response: ServerResponse, answer: ScriptedXAnswer) {
  switch (answer.kind) {
    case 'unauthorized':
      return sendUnauthorized(response);
    case 'rateLimited':
      return sendProblem(response, 429, 'Too Many Requests', 'Too Many Requests', {
        'x-rate-limit-limit': '200',
        'x-rate-limit-remaining': '0',
        'x-rate-limit-reset': String(answer.resetAtEpochSeconds),
      });
    case 'serverError':
      return answer.status === 503
        ? sendProblem(response, 503, 'Service Unavailable', 'Service Unavailable')
        : sendProblem(response, 500, 'Internal Server Error', 'Internal Server Error');
    case 'duplicate':
      return sendDuplicate(response);
    case 'invalidGrant':
      return sendJson(response, 400, { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid' });
    case 'stall':
      return;
  }
}
