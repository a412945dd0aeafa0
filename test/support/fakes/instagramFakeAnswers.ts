import { type ServerResponse } from 'node:http';
import { readBody, sendJson } from './fakeAnswers';

export { readBody, sendJson };

/** Meta's Graph API error object. */
export interface MetaError {
  readonly status: number;
  readonly message: string;
  readonly type?: string;
  readonly code: number;
  readonly error_subcode?: number;
  readonly error_user_title?: string;
  readonly error_user_msg?: string;
}

/** What the fake can be told to answer the next matching request with. */
export type ScriptedAnswer =
  | { readonly kind: 'metaError'; readonly error: MetaError }
  | { readonly kind: 'serverError' }
  /** Read the request, then never answer (a timeout after Instagram received it). */
  | { readonly kind: 'stall' };

export const INVALID_TOKEN: MetaError = { status: 400, message: 'Invalid OAuth access token - Cannot parse access token', type: 'OAuthException', code: 190 };
export const EXPIRED_TOKEN: MetaError = {
  status: 400,
  message: 'Error validating access token: Session has expired.',
  type: 'OAuthException',
  code: 190,
  error_subcode: 463,
};
export const THROTTLED: MetaError = { status: 400, message: 'Application request limit reached', type: 'OAuthException', code: 4 };

let trace = 0;

export function sendMetaError(response: ServerResponse, { status, ...error }: MetaError) {
  trace += 1;
  sendJson(response, status, { error: { type: 'OAuthException', ...error, fbtrace_id: `AbCdTrace${trace}` } });
}

export function sendScripted(response: ServerResponse, answer: ScriptedAnswer) {
  if (answer.kind === 'metaError') return sendMetaError(response, answer.error);
  if (answer.kind === 'serverError') {
    return sendMetaError(response, { status: 500, message: 'An unknown error has occurred.', type: 'OAuthException', code: 1 });
  }
}
