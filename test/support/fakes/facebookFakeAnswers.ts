import { type ServerResponse } from 'node:http';
import { readBody, sendJson as sendJsonAnswer } from './fakeAnswers';

export { readBody };

/** Meta's error, as `{error: {message, type, code, error_subcode, fbtrace_id}}` with an HTTP status. */
export interface GraphFakeError {
  readonly status: number;
  readonly message: string;
  readonly type?: string;
  readonly code: number;
  readonly subcode?: number;
  readonly transient?: boolean;
}

/** What the fake can be told to answer the next matching request with. */
export type ScriptedAnswer =
  | { readonly kind: 'error'; readonly error: GraphFakeError }
  /** Read the request, then never answer (a timeout after Meta received it). */
  | { readonly kind: 'stall' };

export const EXPIRED_SESSION: GraphFakeError = {
  status: 400,
  type: 'OAuthException',
  code: 190,
  subcode: 463,
  message: 'Error validating access token: Session has expired on Monday, 23-Nov-26 10:00:00 PST.',
};
export const INVALID_TOKEN: GraphFakeError = {
  status: 400,
  type: 'OAuthException',
  code: 190,
  message: 'Invalid OAuth access token - Cannot parse access token',
};
export const APP_THROTTLED: GraphFakeError = {
  status: 403,
  type: 'OAuthException',
  code: 4,
  message: '(#4) Application request limit reached',
  transient: true,
};
export const UNEXPECTED: GraphFakeError = {
  status: 500,
  type: 'OAuthException',
  code: 2,
  message: 'An unexpected error has occurred. Please retry your request later.',
  transient: true,
};
export const invalidParameter = (message: string): GraphFakeError => ({ status: 400, type: 'OAuthException', code: 100, message });
export const permissionError = (message: string): GraphFakeError => ({ status: 403, type: 'OAuthException', code: 200, message });

export const sendJson = (response: ServerResponse, status: number, body: unknown) =>
  sendJsonAnswer(response, status, body, { 'Content-Type': 'application/json; charset=UTF-8' });

let trace = 0;

export function sendError(response: ServerResponse, error: GraphFakeError) {
  trace += 1;
  sendJson(response, error.status, {
    error: {
      message: error.message,
      type: error.type ?? 'OAuthException',
      code: error.code,
      ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
      ...(error.transient === undefined ? {} : { is_transient: error.transient }),
      fbtrace_id: `AfakeTrace${trace}`,
    },
  });
}

/** Answers a scripted failure; `stall` leaves the response open. */
export function sendScripted(response: ServerResponse, answer: ScriptedAnswer) {
  if (answer.kind === 'error') sendError(response, answer.error);
}
