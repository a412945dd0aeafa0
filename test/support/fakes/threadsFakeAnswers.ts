import { type FakeCall } from './kit/fakeCall';
import { type FakeAccessToken } from './kit/oauthGrants';
import { describeViolation, type Violation } from './kit/RequestChecker';
import { type Answer, type Script } from './kit/scriptedAnswers';
import { type ThreadsFakeState } from './threadsFakeState';

/** Threads' own scripted answers, besides the kit's (`stall`, `actThenDrop`, …). */
export type ScriptedThreadsAnswer =
  | { readonly kind: 'invalidToken' }
  /** HTTP 429 or 400 with a throttling code (4, 17, 32, 613); `regainMinutes`: Graph's usage header says how long. */
  | { readonly kind: 'rateLimited'; readonly status: 400 | 429; readonly code: 4 | 17 | 32 | 613; readonly regainMinutes?: number }
  | { readonly kind: 'serverError' }
  | { readonly kind: 'refused'; readonly message: string; readonly code: number };

/** Meta's error body (docs/platforms.md, Threads: errors, every call). */
export const metaError = (status: number, code: number, message: string, subcode?: number): Answer => ({
  status,
  body: { error: { message, type: 'OAuthException', code, ...(subcode === undefined ? {} : { error_subcode: subcode }), fbtrace_id: 'AfakeTrace' } },
});

export const INVALID_TOKEN = metaError(400, 190, 'Invalid OAuth access token - Cannot parse access token');
export const EXPIRED_TOKEN = metaError(400, 190, 'Error validating access token: Session has expired.', 463);
export const SERVER_ERROR = metaError(500, 2, 'An unexpected error has occurred. Please retry your request later.');

/** An invalid parameter, as the Graph API says it (code 100). */
export const invalidParameter = (message: string): Answer => metaError(400, 100, message);

/** A request Threads' documentation does not allow: 190 without a token, 10 without the permission, 100 otherwise. */
export function refusal(violations: readonly Violation[]): Answer {
  const detail = violations.map(describeViolation).join('; ');
  const credentials = violations.find((v) => v.field === 'credentials');
  if (credentials?.rule.includes('needs one of')) return metaError(403, 10, `(#10) Application does not have permission for this action: ${detail}`);
  if (credentials) return INVALID_TOKEN;
  return invalidParameter(`(#100) ${detail}`);
}

export const notFound = (method: string, path: string): Answer => invalidParameter(`Unknown path components: ${method} ${path}`);

export function scripted(answer: ScriptedThreadsAnswer): Script {
  switch (answer.kind) {
    case 'invalidToken':
      return { kind: 'answer', answer: INVALID_TOKEN };
    case 'rateLimited': {
      const usage = { [`${answer.code}`]: [{ type: 'threads', call_count: 100, estimated_time_to_regain_access: answer.regainMinutes ?? 0 }] };
      const headers: Record<string, string> = answer.regainMinutes === undefined ? {} : { 'X-Business-Use-Case-Usage': JSON.stringify(usage) };
      return { kind: 'answer', answer: { ...metaError(answer.status, answer.code, 'Application request limit reached'), headers } };
    }
    case 'serverError':
      return { kind: 'answer', answer: SERVER_ERROR };
    case 'refused':
      return { kind: 'answer', answer: metaError(400, answer.code, answer.message) };
  }
}

/** The user's live token (query, form or Bearer), or Meta's 190 answered: expired on the fake's clock, or unknown. */
export function userOf(call: FakeCall<ThreadsFakeState>): FakeAccessToken | null {
  const live = call.state.bearerOf(call.request);
  if (live) return live;
  const token = call.state.tokenIn(call.request);
  call.send(token !== undefined && call.state.expiredByTime(token) ? EXPIRED_TOKEN : INVALID_TOKEN);
  return null;
}
