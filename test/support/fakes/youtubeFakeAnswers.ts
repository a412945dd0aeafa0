import { describeViolation, type Violation } from './kit/RequestChecker';
import { type Answer, type Script } from './kit/scriptedAnswers';

/** Google's own scripted answers, besides the kit's (`stall`, `dropAfterRecording`, `actThenDrop`, …). */
export type ScriptedGoogleAnswer =
  | { readonly kind: 'unauthorized' }
  | { readonly kind: 'quotaExceeded' }
  | { readonly kind: 'uploadLimitExceeded' }
  /** 429 `rateLimitExceeded` with `Retry-After` in seconds. */
  | { readonly kind: 'rateLimited'; readonly retryAfterSeconds: number }
  | { readonly kind: 'serverError' }
  /** Do what the request asks, then answer 503 as if it had failed. */
  | { readonly kind: 'serverErrorAfterHandling' }
  | { readonly kind: 'invalidGrant' };

/** Google's API error body: `{error: {code, message, errors: [{message, domain, reason}]}}`. */
export const googleError = (status: number, reason: string, message: string, domain = 'youtube.api'): Answer => ({
  status,
  body: { error: { code: status, message, errors: [{ message, domain, reason }] } },
});

export const UNAUTHORIZED = googleError(
  401,
  'authError',
  'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
  'global',
);

export const BACKEND_ERROR = googleError(503, 'backendError', 'Backend Error', 'global');

/** Google's OAuth error body: `{error, error_description}`. */
export const oauthError = (status: number, error: string, description: string): Answer => ({ status, body: { error, error_description: description } });

/** A request the discovery document does not allow: 401 for credentials, 403 for scopes, 400 otherwise. */
export function refusal(violations: readonly Violation[]): Answer {
  const detail = violations.map(describeViolation).join('; ');
  if (violations.some((v) => v.field === 'header.Authorization')) return UNAUTHORIZED;
  if (violations.some((v) => v.field === 'scope'))
    return googleError(403, 'insufficientPermissions', 'Request had insufficient authentication scopes.', 'global');
  return googleError(400, 'badRequest', detail, 'global');
}

export const notFound = (method: string, path: string): Answer => googleError(404, 'notFound', `No route for ${method} ${path}`, 'global');

export function scripted(answer: ScriptedGoogleAnswer): Script {
  switch (answer.kind) {
    case 'unauthorized':
      return { kind: 'answer', answer: UNAUTHORIZED };
    case 'quotaExceeded':
      return {
        kind: 'answer',
        answer: googleError(
          403,
          'quotaExceeded',
          'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
        ),
      };
    case 'uploadLimitExceeded':
      return {
        kind: 'answer',
        answer: googleError(403, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.', 'youtube.video'),
      };
    case 'rateLimited':
      return {
        kind: 'answer',
        answer: {
          ...googleError(429, 'rateLimitExceeded', 'Too many requests.', 'youtube.quota'),
          headers: { 'Retry-After': String(answer.retryAfterSeconds) },
        },
      };
    case 'serverError':
      return { kind: 'answer', answer: BACKEND_ERROR };
    case 'serverErrorAfterHandling':
      return { kind: 'actThenAnswer', answer: BACKEND_ERROR };
    case 'invalidGrant':
      return { kind: 'answer', answer: oauthError(400, 'invalid_grant', 'Token has been expired or revoked.') };
  }
}
