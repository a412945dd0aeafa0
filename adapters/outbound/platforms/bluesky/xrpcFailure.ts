import { XRPCError } from '@atproto/api';

/** A failed XRPC call, reduced to what decides the next step. */
export type XrpcFailure =
  /** The request may or may not have reached the PDS (no answer came back). */
  | { readonly kind: 'noAnswer'; readonly reason: string; readonly neverSent: boolean }
  | { readonly kind: 'answered'; readonly status: number; readonly error: string; readonly reason: string; readonly afterSeconds: number | null };

/** Error codes of a connection that could not be opened: the request provably never left. */
const NEVER_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL']);

/** `now` is what a `ratelimit-reset` epoch second is read against. */
export function xrpcFailure(thrown: unknown, now: Date): XrpcFailure {
  if (thrown instanceof XRPCError && thrown.status >= 100) {
    const reason = thrown.message && thrown.message !== thrown.error ? `${thrown.error}: ${thrown.message}` : thrown.error;
    return { kind: 'answered', status: thrown.status, error: thrown.error, reason, afterSeconds: waitFrom(thrown.headers, now) };
  }
  const code = errorCode(thrown);
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return { kind: 'noAnswer', reason: code ? `${message} (${code})` : message, neverSent: code !== null && NEVER_SENT_CODES.has(code) };
}

/**
 * The PDS refused the access token (expired, unusable, or any 401): renewing the session may fix
 * it, and when it does not, the renewal's own failure says whether the grant is dead.
 */
export function isSessionExpired(failure: XrpcFailure): boolean {
  return failure.kind === 'answered' && (failure.status === 401 || failure.error === 'ExpiredToken' || failure.error === 'InvalidToken');
}

/** Seconds to wait from `retry-after`, or the `ratelimit-reset` epoch second the PDS sends. */
function waitFrom(headers: Readonly<Record<string, string | undefined>> | undefined, now: Date): number | null {
  const retryAfter = Number(headers?.['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter > 0) return Math.ceil(retryAfter);
  const reset = Number(headers?.['ratelimit-reset']);
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - now.getTime() / 1000));
  return null;
}

function errorCode(thrown: unknown): string | null {
  let current: unknown = thrown;
  for (let depth = 0; depth < 5 && current instanceof Error; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    current = current.cause;
  }
  return null;
}
