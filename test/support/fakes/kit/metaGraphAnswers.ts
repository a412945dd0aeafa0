import { describeViolation, type Violation } from './RequestChecker';
import { type Answer, type Script } from './scriptedAnswers';

/** Meta's error object (https://developers.facebook.com/docs/graph-api/guides/error-handling), with the HTTP status it comes with. */
export interface MetaFakeError {
  readonly status: number;
  readonly message: string;
  readonly type?: string;
  readonly code: number;
  readonly subcode?: number;
  readonly transient?: boolean;
  readonly userTitle?: string;
  readonly userMessage?: string;
}

/** The `Content-Type` the Graph API answers JSON with. */
export const META_JSON = 'application/json; charset=UTF-8';

let trace = 0;

/** `{error: {message, type, code, error_subcode, is_transient, error_user_title, error_user_msg, fbtrace_id}}`. */
export function metaError(error: MetaFakeError, headers: Record<string, string> = {}): Answer {
  trace += 1;
  const body = {
    message: error.message,
    type: error.type ?? 'OAuthException',
    code: error.code,
    ...(error.subcode === undefined ? {} : { error_subcode: error.subcode }),
    ...(error.transient === undefined ? {} : { is_transient: error.transient }),
    ...(error.userTitle === undefined ? {} : { error_user_title: error.userTitle }),
    ...(error.userMessage === undefined ? {} : { error_user_msg: error.userMessage }),
    fbtrace_id: `AfakeTrace${trace}`,
  };
  return { status: error.status, body: { error: body }, headers };
}

export const INVALID_TOKEN: MetaFakeError = { status: 400, code: 190, message: 'Invalid OAuth access token - Cannot parse access token' };
export const EXPIRED_SESSION: MetaFakeError = {
  status: 400,
  code: 190,
  subcode: 463,
  message: 'Error validating access token: Session has expired on Monday, 23-Nov-26 10:00:00 PST.',
};
export const UNEXPECTED: MetaFakeError = {
  status: 500,
  code: 2,
  message: 'An unexpected error has occurred. Please retry your request later.',
  transient: true,
};
export const invalidParameter = (message: string, subcode?: number): MetaFakeError => ({ status: 400, code: 100, message, subcode });
export const unsupportedRequest = (method: 'get' | 'post', id: string): MetaFakeError => ({
  status: 400,
  type: 'GraphMethodException',
  code: 100,
  subcode: 33,
  message: `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
});

/**
 * A throttle as Meta answers one: the error (a Business Use Case code for Page and Instagram
 * calls, https://developers.facebook.com/docs/graph-api/overview/rate-limiting) and the usage
 * header saying in how many minutes access comes back.
 */
export function throttled(code: number, message: string, regainMinutes: number, businessId: string): Answer {
  const usage = { [businessId]: [{ type: 'pages', call_count: 100, total_cputime: 30, total_time: 40, estimated_time_to_regain_access: regainMinutes }] };
  return metaError({ status: 400, code, message }, { 'X-Business-Use-Case-Usage': JSON.stringify(usage) });
}

/** A request the documentation does not allow: no token (104), a permission not granted (`permissionCode`), or a bad parameter (100). */
export function metaRefusal(violations: readonly Violation[], permissionCode: number): Answer {
  const credentials = violations.filter((v) => v.field === 'credentials');
  if (credentials.some((v) => /needs one of/.test(v.rule))) {
    return metaError({ status: 403, code: permissionCode, message: `(#${permissionCode}) ${credentials.map(describeViolation).join('; ')}` });
  }
  if (credentials.length > 0) return metaError({ status: 400, code: 104, message: 'An access token is required to request this resource.' });
  return metaError(invalidParameter(`(#100) ${violations.map(describeViolation).join('; ')}`));
}

/** A path the Graph API has nothing at. */
export const metaNotFound = (path: string): Answer => metaError({ status: 400, code: 2500, message: `Unknown path components: ${path}` });

/** A time as the Graph API writes it: `2026-11-23T12:00:00+0000`. */
export const metaTime = (date: Date): string => `${date.toISOString().slice(0, 19)}+0000`;

/** Meta's scripted answers, besides the kit's (`stall`, `actThenDrop`, …): an error, or a throttle with its usage header. */
export type MetaScripted =
  | { readonly kind: 'error'; readonly error: MetaFakeError }
  | { readonly kind: 'throttled'; readonly code: number; readonly regainMinutes: number };

export const metaScripted =
  (businessId: string) =>
  (answer: MetaScripted): Script =>
    answer.kind === 'error'
      ? { kind: 'answer', answer: metaError(answer.error) }
      : {
          kind: 'answer',
          answer: throttled(answer.code, 'There have been too many calls from this account. Wait a bit and try again.', answer.regainMinutes, businessId),
        };

/**
 * How a Meta fake answers what its documentation does not allow or has nothing at, and its
 * named scripts: Meta's JSON, a permission refused with `permissionCode` (Facebook's 200,
 * Instagram's 10), throttles counted against `businessId`.
 */
export const metaFakeAnswers = (permissionCode: number, businessId: string) => ({
  jsonContentType: META_JSON,
  refusal: (violations: readonly Violation[]) => metaRefusal(violations, permissionCode),
  notFound: (request: { readonly path: string }) => metaNotFound(request.path),
  named: metaScripted(businessId),
});
