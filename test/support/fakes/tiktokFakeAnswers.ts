import { describeViolation, type Violation } from './kit/RequestChecker';
import { type Answer, type Script } from './kit/scriptedAnswers';

/** TikTok's own scripted answers, besides the kit's (`stall`, `dropAfterRecording`, `actThenDrop`, …). */
export type ScriptedTikTokAnswer =
  | { readonly kind: 'accessTokenInvalid' }
  /** 429 `rate_limit_exceeded`, with `Retry-After` where given. */
  | { readonly kind: 'rateLimited'; readonly retryAfterSeconds?: number }
  | { readonly kind: 'serverError' }
  /** Any of TikTok's error codes, with its HTTP status (TikTok answers some refusals with 200). */
  | { readonly kind: 'apiError'; readonly status: number; readonly code: string; readonly message: string }
  | { readonly kind: 'invalidGrant' };

const LOG_ID = '20261123120000FAKE';

/** An Open API answer: `{data, error: {code, message, log_id}}`, `code` being `ok` on success. */
export const data = (body: object): Answer => ({ status: 200, body: { data: body, error: { code: 'ok', message: '', log_id: LOG_ID } } });

export const apiError = (status: number, code: string, message: string): Answer => ({ status, body: { data: {}, error: { code, message, log_id: LOG_ID } } });

/** The OAuth endpoints' error: `{error, error_description, log_id}`. */
export const oauthError = (status: number, error: string, description: string): Answer => ({
  status,
  body: { error, error_description: description, log_id: LOG_ID },
});

export const ACCESS_TOKEN_INVALID = apiError(401, 'access_token_invalid', 'The access token is invalid or not found in the request.');

export const invalidParams = (message: string): Answer => apiError(400, 'invalid_params', message);

/** A request TikTok's documentation does not allow: 401 for credentials and scopes (its codes), 400 otherwise. */
export function refusal(violations: readonly Violation[]): Answer {
  const credentials = violations.find((v) => v.field === 'credentials');
  if (credentials?.rule.startsWith('needs one of')) {
    return apiError(401, 'scope_not_authorized', `The user did not authorize the scope required for completing this request: ${credentials.rule}`);
  }
  if (credentials) return ACCESS_TOKEN_INVALID;
  return invalidParams(violations.map(describeViolation).join('; '));
}

export const notFound = (method: string, path: string): Answer => invalidParams(`No route for ${method} ${path}`);

export function scripted(answer: ScriptedTikTokAnswer): Script {
  switch (answer.kind) {
    case 'accessTokenInvalid':
      return { kind: 'answer', answer: ACCESS_TOKEN_INVALID };
    case 'rateLimited': {
      const limited = apiError(429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.');
      const headers: Record<string, string> = answer.retryAfterSeconds === undefined ? {} : { 'Retry-After': String(answer.retryAfterSeconds) };
      return { kind: 'answer', answer: { ...limited, headers } };
    }
    case 'serverError':
      return { kind: 'answer', answer: apiError(500, 'internal_error', 'Something went wrong. Please try again later.') };
    case 'apiError':
      return { kind: 'answer', answer: apiError(answer.status, answer.code, answer.message) };
    case 'invalidGrant':
      return { kind: 'answer', answer: oauthError(400, 'invalid_grant', 'Refresh token is invalid or expired.') };
  }
}
