import { parseJson } from './http';

/** What Meta's error body `{error: {message, type, code, error_subcode, is_transient, error_user_msg, fbtrace_id}}` says. */
export interface MetaErrorBody {
  readonly message: string | null;
  readonly userMessage: string | null;
  /** `OAuthException`, `GraphMethodException`, …: the same code means different things under different types. */
  readonly type: string | null;
  readonly code: number | null;
  readonly subcode: number | null;
  readonly transient: boolean;
}

const stringOrNull = (value: unknown): string | null => (typeof value === 'string' ? value : null);
const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** The `error` object of a Graph API answer, or null when the body has none. */
export function metaErrorBody(text: string): MetaErrorBody | null {
  const error = (parseJson(text) as { error?: unknown } | null)?.error;
  if (!error || typeof error !== 'object') return null;
  const fields = error as Record<string, unknown>;
  return {
    message: stringOrNull(fields.message),
    userMessage: stringOrNull(fields.error_user_msg),
    type: stringOrNull(fields.type),
    code: numberOrNull(fields.code),
    subcode: numberOrNull(fields.error_subcode),
    transient: fields.is_transient === true,
  };
}

/** Meta's throttling codes: application (4), user (17), Page (32), calls within a period (613). */
export const META_THROTTLE_CODES: ReadonlySet<number> = new Set([4, 17, 32, 613]);
