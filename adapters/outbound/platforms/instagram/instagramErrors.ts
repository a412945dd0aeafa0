import { META_THROTTLE_CODES, metaErrorBody } from '../kit/metaGraphError';
import { parseJson } from './InstagramHttp';

/**
 * Meta's error body `{error: {message, type, code, error_subcode, error_user_msg, fbtrace_id}}`,
 * or the older OAuth shape of api.instagram.com `{error_type, code, error_message}`.
 */
export interface MetaError {
  readonly code: number | null;
  readonly subcode: number | null;
  readonly message: string;
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);
const text = (value: unknown): string | null => (typeof value === 'string' && value.length > 0 ? value : null);

export function metaErrorOf(body: string, status: number): MetaError {
  const error = metaErrorBody(body);
  if (error) {
    const message = text(error.userMessage) ?? text(error.message) ?? `Instagram answered ${status}`;
    return { code: error.code, subcode: error.subcode, message: `Instagram: ${message}` };
  }
  const parsed = parseJson(body) as { error_message?: unknown; code?: unknown } | null;
  const legacy = text(parsed?.error_message);
  return { code: legacy ? numberOrNull(parsed?.code) : null, subcode: null, message: legacy ? `Instagram: ${legacy}` : `Instagram answered ${status}` };
}

/** Meta's code 190: the access token is invalid, expired or revoked. */
export const isDeadToken = (error: MetaError): boolean => error.code === 190;

/** The account reached its publishing limit (docs/platforms.md: 50 posts / 24 h). */
const PUBLISHING_LIMIT_SUBCODE = 2207042;

/** Seconds to wait on a throttled call; Meta answers with no Retry-After. */
export function throttledFor(error: MetaError): number | null {
  if (error.subcode === PUBLISHING_LIMIT_SUBCODE) return 3600;
  return error.code !== null && META_THROTTLE_CODES.has(error.code) ? 300 : null;
}
