import { type PublishOutcome } from '../../../../application/ports/PlatformPublisher';
import { type PlatformAnswer, parseJson } from '../shared/platformCall';

const DEFAULT_RETRY_SECONDS = 60;

/** Neynar's error body `{code, message, property}`, as one line. */
export function neynarMessage(text: string, status: number): string {
  const body = parseJson(text) as { message?: unknown; code?: unknown } | null;
  const message = typeof body?.message === 'string' ? body.message : null;
  const code = typeof body?.code === 'string' ? ` (${body.code})` : '';
  return message ? `Neynar: ${message}${code}` : `Neynar answered ${status}`;
}

/**
 * Seconds to wait after a 429: `Retry-After` (seconds or a date) where sent, else
 * `X-RateLimit-Reset` (Unix seconds, or seconds from now when small); Neynar's pages name no header.
 */
export function rateLimitSeconds(headers: Headers, now = Date.now()): number {
  const retryAfter = headers.get('retry-after')?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter);
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(1, Math.ceil((at - now) / 1000));
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (reset && /^\d+$/.test(reset)) {
    const value = Number(reset);
    return value > 1_000_000_000 ? Math.max(1, value - Math.floor(now / 1000)) : value;
  }
  return DEFAULT_RETRY_SECONDS;
}

/** Whether Neynar's refusal is about the signer itself (not approved, revoked, another API key's). */
export function refusesSigner(status: number, text: string): boolean {
  if (status === 403) return true;
  if (status !== 400 && status !== 404) return false;
  return /signer/i.test(text);
}

/**
 * A cast call that did not succeed. The cast carries an `idem` key, so a 5xx may be tried
 * again without casting twice; a call that may have been received and got no answer is still
 * `outcomeUnknown`, as for every platform (docs/decisions.md, "Connections", Farcaster).
 */
export function failedCastOutcome(answer: PlatformAnswer): PublishOutcome {
  if (answer.kind === 'notSent') return { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason: answer.reason };
  if (answer.kind === 'noAnswer') return { kind: 'outcomeUnknown', reason: `publish outcome unknown: ${answer.reason}` };
  const { status, headers, text } = answer;
  const reason = neynarMessage(text, status);
  const statusCode = status;
  if (status === 429) return { kind: 'retryLater', afterSeconds: rateLimitSeconds(headers), reason, statusCode };
  if (status >= 500) return { kind: 'retryLater', afterSeconds: DEFAULT_RETRY_SECONDS, reason, statusCode };
  if (refusesSigner(status, text)) return { kind: 'needsReconnect', reason, statusCode };
  if (status === 401) return { kind: 'rejected', reason: `${reason}: the service's NEYNAR_API_KEY was refused`, statusCode };
  return { kind: 'rejected', reason, statusCode };
}
