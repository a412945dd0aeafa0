import { describeViolation, type Violation } from './kit/RequestChecker';
import { type Answer, type Script } from './kit/scriptedAnswers';

/** Pinterest's own scripted answers, besides the kit's (`stall`, `dropAfterRecording`, …). */
export type ScriptedAnswer =
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'rateLimited'; readonly retryAfterSeconds: number | null }
  | { readonly kind: 'serverError' }
  | { readonly kind: 'badRequest'; readonly message: string }
  | { readonly kind: 'invalidGrant' };

/** Pinterest's error body, the description's `Error`: `{code, message}`. */
export const pinterestError = (status: number, code: number, message: string, headers: Record<string, string> = {}): Answer => ({
  status,
  body: { code, message },
  headers,
});

export const AUTHENTICATION_FAILED = pinterestError(401, 2, 'Authentication failed.');

export const invalid = (message: string): Answer => pinterestError(400, 1, `Invalid request: ${message}`);

export const notFound = (what: string): Answer => pinterestError(404, 404, `${what} not found.`);

/** A request Pinterest's description does not allow: 401 for credentials, 403 for scopes, 400 otherwise. */
export function refusal(violations: readonly Violation[]): Answer {
  const message = violations.map(describeViolation).join('; ');
  if (violations.some((v) => v.field === 'header.Authorization')) return AUTHENTICATION_FAILED;
  if (violations.some((v) => v.field === 'scope')) return pinterestError(403, 3, `Not authorized to access the user associated with the token: ${message}`);
  return invalid(message);
}

export function scripted(answer: ScriptedAnswer): Script {
  switch (answer.kind) {
    case 'unauthorized':
      return { kind: 'answer', answer: AUTHENTICATION_FAILED };
    case 'rateLimited': {
      const headers: Record<string, string> = answer.retryAfterSeconds === null ? {} : { 'Retry-After': String(answer.retryAfterSeconds) };
      return { kind: 'answer', answer: pinterestError(429, 8, 'You have exceeded your rate limit. Try again later.', headers) };
    }
    case 'serverError':
      return { kind: 'answer', answer: pinterestError(500, 1, 'Internal error.') };
    case 'badRequest':
      return { kind: 'answer', answer: pinterestError(400, 1, answer.message) };
    case 'invalidGrant':
      return { kind: 'answer', answer: pinterestError(400, 1, 'The refresh token is invalid, expired or revoked.') };
  }
}
