import { META_THROTTLE_CODES, metaErrorBody } from '../kit/metaGraphError';

/** Meta's error body `{error: {message, type, code, error_subcode, fbtrace_id}}`. */
export interface MetaError {
  readonly message: string | null;
  readonly code: number | null;
  readonly subcode: number | null;
}

export function metaErrorOf(text: string): MetaError {
  const error = metaErrorBody(text);
  return { message: error?.message ?? null, code: error?.code ?? null, subcode: error?.subcode ?? null };
}

/** Meta's error as one line for the user: its message and code. */
export function threadsMessage(error: MetaError, status: number): string {
  if (error.message === null) return `Threads answered ${status}`;
  return `Threads: ${error.message}${error.code !== null ? ` (code ${error.code})` : ''}`;
}

/** An invalid, expired or revoked access token (OAuthException 190). */
export const TOKEN_REFUSED = 190;

/** 1 (unknown error, possibly temporary) and 2 (service temporarily unavailable). */
const TEMPORARY = new Set([1, 2]);

export const isRateLimited = (error: MetaError, status: number): boolean => status === 429 || (error.code !== null && META_THROTTLE_CODES.has(error.code));

export const isTemporary = (error: MetaError, status: number): boolean => status >= 500 || (error.code !== null && TEMPORARY.has(error.code));

/** How long to wait after a refusal that says nothing more: Meta sends no Retry-After. */
export const RETRY_SECONDS = 60;
export const RATE_LIMIT_RETRY_SECONDS = 15 * 60;
