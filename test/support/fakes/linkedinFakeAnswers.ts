import { type FakeCall } from './kit/fakeCall';
import { type FakeAccessToken } from './kit/oauthGrants';
import { describeViolation, type Violation } from './kit/RequestChecker';
import { type Answer, type Script } from './kit/scriptedAnswers';
import { type LinkedInFakeState } from './linkedinFakeState';

/** LinkedIn's own scripted answers, besides the kit's (`stall`, `actThenDrop`, …). */
export type ScriptedAnswer =
  | { readonly kind: 'expiredToken' }
  | { readonly kind: 'revokedToken' }
  /** A 429 with `Retry-After` (LinkedIn's infrastructure protection). */
  | { readonly kind: 'rateLimited'; readonly retryAfterSeconds: number }
  /** A spent daily limit: LinkedIn's 429 names it and gives no Retry-After; it starts again at midnight UTC. */
  | { readonly kind: 'dailyLimit'; readonly of: 'APPLICATION' | 'MEMBER' }
  | { readonly kind: 'serverError' }
  | { readonly kind: 'unprocessable'; readonly message: string }
  | { readonly kind: 'forbidden'; readonly message: string }
  | { readonly kind: 'invalidGrant' };

/** LinkedIn's error body for the REST and v2 APIs (docs/platforms.md, LinkedIn: errors, every call). */
export const linkedInError = (status: number, code: string, message: string, serviceErrorCode?: number): Answer => ({
  status,
  body: { status, ...(serviceErrorCode === undefined ? {} : { serviceErrorCode }), code, message },
});

export const REVOKED = linkedInError(401, 'REVOKED_ACCESS_TOKEN', 'The token used in the request has been revoked by the user', 65601);
export const EXPIRED = linkedInError(401, 'EXPIRED_ACCESS_TOKEN', 'The token used in the request has expired', 65602);
export const INVALID_TOKEN = linkedInError(401, 'INVALID_ACCESS_TOKEN', 'Invalid access token', 65600);

export const unprocessable = (message: string): Answer => linkedInError(422, 'UNPROCESSABLE_ENTITY', message);
export const denied = (message: string): Answer => linkedInError(403, 'ACCESS_DENIED', message, 100);
export const notFoundAnswer = (message: string): Answer => linkedInError(404, 'NOT_FOUND', message);

/** A request LinkedIn's documentation does not allow: 401 without a token, 403 without the permission, 400 otherwise. */
export function refusal(violations: readonly Violation[]): Answer {
  const detail = violations.map(describeViolation).join('; ');
  const credentials = violations.find((v) => v.field === 'credentials');
  if (credentials?.rule.includes('needs one of')) return denied(`Not enough permissions to access: ${detail}`);
  if (credentials) return INVALID_TOKEN;
  if (violations.some((v) => v.field === 'header.LinkedIn-Version')) return linkedInError(400, 'VERSION_MISSING', `A version must be present. ${detail}`);
  return linkedInError(400, 'ILLEGAL_ARGUMENT', detail);
}

export function scripted(answer: ScriptedAnswer): Script {
  const send = (a: Answer): Script => ({ kind: 'answer', answer: a });
  switch (answer.kind) {
    case 'expiredToken':
      return send(EXPIRED);
    case 'revokedToken':
      return send(REVOKED);
    case 'rateLimited':
      return send({ ...linkedInError(429, 'TOO_MANY_REQUESTS', 'Too many requests'), headers: { 'Retry-After': String(answer.retryAfterSeconds) } });
    case 'dailyLimit':
      return send(linkedInError(429, 'TOO_MANY_REQUESTS', `Resource level throttle ${answer.of} DAY limit for calls to this resource is reached.`));
    case 'serverError':
      return send(linkedInError(500, 'INTERNAL_SERVER_ERROR', 'Internal Server Error'));
    case 'unprocessable':
      return send(unprocessable(answer.message));
    case 'forbidden':
      return send(denied(answer.message));
    case 'invalidGrant':
      return send({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'The provided authorization grant or refresh token is invalid, expired or revoked.' },
      });
  }
}

/** The member's live token, or LinkedIn's 401 answered (expired, or unknown). */
export function memberOf(call: FakeCall<LinkedInFakeState>): FakeAccessToken | null {
  const live = call.state.bearerOf(call.request);
  if (live) return live;
  const token = /^Bearer (.+)$/i.exec(call.request.headers.authorization ?? '')?.[1];
  call.send(token !== undefined && call.state.accessTokens.get(token)?.expired ? EXPIRED : INVALID_TOKEN);
  return null;
}
