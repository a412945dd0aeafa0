import { type ServerResponse } from 'node:http';
import { sendJson } from './fakeAnswers';

export { sendJson };

/** Meta's error body: `{error: {message, type, code, error_subcode, fbtrace_id}}`. */
export interface MetaFakeError {
  readonly status: number;
  readonly message: string;
  readonly type: string;
  readonly code: number;
  readonly subcode?: number;
}

/** What the fake can be told to answer the next matching request with. */
export type ThreadsScripted =
  | { readonly kind: 'invalidToken' }
  /** HTTP 429 or 400 with a throttling code (4, 17, 32, 613). */
  | { readonly kind: 'rateLimited'; readonly status: 400 | 429; readonly code: 4 | 17 | 32 | 613 }
  | { readonly kind: 'serverError' }
  | { readonly kind: 'refused'; readonly message: string; readonly code: number }
  /** Read the request, then never answer (a timeout after Threads received it). */
  | { readonly kind: 'stall' };

export const INVALID_TOKEN: MetaFakeError = {
  status: 400,
  message: 'Invalid OAuth access token - Cannot parse access token',
  type: 'OAuthException',
  code: 190,
};
export const EXPIRED_TOKEN: MetaFakeError = {
  status: 400,
  message: 'Error validating access token: Session has expired.',
  type: 'OAuthException',
  code: 190,
  subcode: 463,
};

export function sendMetaError(response: ServerResponse, error: MetaFakeError) {
  const fbtrace_id = `A${Math.random().toString(36).slice(2, 12)}`;
  sendJson(response, error.status, { error: { message: error.message, type: error.type, code: error.code, error_subcode: error.subcode, fbtrace_id } });
}

/** An invalid parameter, as the Graph API says it (OAuthException 100). */
export const invalidParameter = (response: ServerResponse, message: string) =>
  sendMetaError(response, { status: 400, message, type: 'OAuthException', code: 100 });

export function sendScripted(response: ServerResponse, answer: ThreadsScripted) {
  switch (answer.kind) {
    case 'invalidToken':
      return sendMetaError(response, INVALID_TOKEN);
    case 'rateLimited':
      return sendMetaError(response, { status: answer.status, message: 'Application request limit reached', type: 'OAuthException', code: answer.code });
    case 'serverError':
      return sendMetaError(response, {
        status: 500,
        message: 'An unexpected error has occurred. Please retry your request later.',
        type: 'OAuthException',
        code: 2,
      });
    case 'refused':
      return sendMetaError(response, { status: 400, message: answer.message, type: 'OAuthException', code: answer.code });
    case 'stall':
      return;
  }
}
