import { describeViolation, type Violation } from './kit/RequestChecker';
import { type Answer, type Script } from './kit/scriptedAnswers';

/** X's own scripted answers, besides the kit's (`stall`, `dropAfterRecording`, …). */
export type ScriptedXAnswer =
  | { readonly kind: 'unauthorized' }
  /** 429 with `x-rate-limit-reset` at this epoch second. */
  | { readonly kind: 'rateLimited'; readonly resetAtEpochSeconds: number }
  | { readonly kind: 'serverError'; readonly status?: 500 | 503 }
  | { readonly kind: 'duplicate' }
  | { readonly kind: 'invalidGrant' };

const PROBLEM = 'application/problem+json';

/** A 400 in the description's `InvalidRequestProblem` shape, naming what was wrong. */
export const invalidRequest = (detail: string): Answer => ({
  status: 400,
  contentType: PROBLEM,
  body: { type: 'https://api.x.com/2/problems/invalid-request', title: 'Invalid Request', detail, status: 400 },
});

/** A 404 for a media id X does not know, as the description's `ResourceNotFoundProblem`. */
export const mediaNotFound = (id: string): Answer => ({
  status: 404,
  contentType: PROBLEM,
  body: {
    type: 'https://api.x.com/2/problems/resource-not-found',
    title: 'Not Found Error',
    detail: 'Could not find media',
    resource_type: 'media',
    value: id,
    status: 404,
  },
});

/**
 * X answers 401, 403, 429 and 503 with `about:blank` problem details (its documentation), a type
 * the description's `Problem` does not list. The description also gives `Error` (`code`,
 * `message`) as `application/json`, so these answers carry X's fields and the description's.
 */
export const xError = (status: number, code: number, title: string, detail = title): Answer => ({
  status,
  body: { code, message: detail, title, detail, type: 'about:blank', status },
});

export const UNAUTHORIZED = xError(401, 32, 'Unauthorized');

export const DUPLICATE = xError(403, 187, 'Forbidden', 'You are not allowed to create a Tweet with duplicate content.');

const INTERNAL_ERROR: Answer = {
  status: 500,
  contentType: PROBLEM,
  body: { type: 'https://api.x.com/2/problems/internal-error', title: 'Internal Server Error', detail: 'Internal Server Error', status: 500 },
};

/** A request X's description does not allow: 401 for credentials, 403 for scopes, 400 otherwise. */
export function refusal(violations: readonly Violation[]): Answer {
  const detail = violations.map(describeViolation).join('; ');
  if (violations.some((v) => v.field === 'header.Authorization')) return UNAUTHORIZED;
  if (violations.some((v) => v.field === 'scope')) return xError(403, 453, 'Forbidden', detail);
  return invalidRequest(detail);
}

export const notFound = (method: string, path: string): Answer => xError(404, 34, 'Not Found Error', `No route for ${method} ${path}`);

export function scripted(answer: ScriptedXAnswer): Script {
  switch (answer.kind) {
    case 'unauthorized':
      return { kind: 'answer', answer: UNAUTHORIZED };
    case 'rateLimited': {
      const headers = { 'x-rate-limit-limit': '200', 'x-rate-limit-remaining': '0', 'x-rate-limit-reset': String(answer.resetAtEpochSeconds) };
      return { kind: 'answer', answer: { ...xError(429, 88, 'Too Many Requests'), headers } };
    }
    case 'serverError':
      return { kind: 'answer', answer: answer.status === 503 ? xError(503, 130, 'Service Unavailable') : INTERNAL_ERROR };
    case 'duplicate':
      return { kind: 'answer', answer: DUPLICATE };
    case 'invalidGrant':
      return { kind: 'answer', answer: { status: 400, body: { error: 'invalid_grant', error_description: 'The provided authorization grant is invalid' } } };
  }
}
