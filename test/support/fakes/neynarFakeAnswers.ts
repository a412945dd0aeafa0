import { type FakeCall } from './kit/fakeCall';
import { describeViolation, type Violation } from './kit/RequestChecker';
import { type Answer, type Script } from './kit/scriptedAnswers';
import { type NeynarFakeState } from './neynarFakeState';

/** Neynar's own scripted answers, besides the kit's (`stall`, `dropAfterRecording`, …). */
export type ScriptedAnswer =
  /** 429 with `X-RateLimit-Reset` this many seconds ahead (Unix seconds). */
  | { readonly kind: 'rateLimited'; readonly resetInSeconds: number }
  | { readonly kind: 'serverError' }
  | { readonly kind: 'badRequest'; readonly message: string }
  /** Cast refused for its signer (revoked or not approved), as when the account removed it. */
  | { readonly kind: 'signerRefused' };

export type NeynarCall = FakeCall<NeynarFakeState>;

/** Neynar's error body, the description's `ErrorRes`: `{code, message, property}`. */
export const neynarError = (status: number, code: string, message: string, property?: string): Answer => ({
  status,
  body: { code, message, ...(property ? { property } : {}) },
});

export const SIGNER_NOT_APPROVED = 'Signer is not approved. Please approve the signer before using it';

/** Whether the call carries the app's API key; Neynar's 401 answered when not. (Its presence is the description's to require.) */
export function keyed(call: NeynarCall): boolean {
  if (call.request.headers['x-api-key'] === call.state.apiKey) return true;
  call.send(neynarError(401, 'Unauthorized', 'Invalid or missing API key'));
  return false;
}

/** A request Neynar's description does not allow: 401 without the API key, 400 otherwise. */
export function refusal(violations: readonly Violation[]): Answer {
  if (violations.some((v) => v.field === 'header.x-api-key')) return neynarError(401, 'Unauthorized', 'Invalid or missing API key');
  return neynarError(400, 'InvalidField', violations.map(describeViolation).join('; '), violations[0]?.field.replace(/^\w+\./, ''));
}

export function scripted(answer: ScriptedAnswer): Script {
  switch (answer.kind) {
    case 'rateLimited': {
      const headers = { 'X-RateLimit-Reset': String(Math.floor(Date.now() / 1000) + answer.resetInSeconds) };
      return { kind: 'answer', answer: { ...neynarError(429, 'RateLimitExceeded', 'Too many requests'), headers } };
    }
    case 'serverError':
      return { kind: 'answer', answer: neynarError(500, 'InternalServerError', 'Internal server error') };
    case 'badRequest':
      return { kind: 'answer', answer: neynarError(400, 'InvalidField', answer.message) };
    case 'signerRefused':
      return { kind: 'answer', answer: neynarError(403, 'Forbidden', SIGNER_NOT_APPROVED, 'signer_uuid') };
  }
}
