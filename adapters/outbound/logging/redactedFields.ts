import { redactCredentials } from '../../../application/auth/redactCredentials';

/** Field names that must never reach a log line, whatever a caller passes, at any depth. */
const SECRET_FIELD = /authorization|password|secret|token|api[_-]?key|cookie/i;
const CENSOR = '[redacted]';
const MAX_DEPTH = 8;

/**
 * A log line's fields, message first, as they may be written: every string (the message, a
 * path, a request id, an error's message, nested ones) has its credential-looking parts
 * redacted, and every field named like a secret is replaced whole. Pino's `redact` paths
 * cannot say either: they name exact, case-sensitive keys at fixed depths, while a secret
 * turns up inside text (`/v1/keys/dsk_…`, `?code=…`) and under names no list foresees
 * (`refreshToken`, `clientSecret`, at any depth). docs/decisions.md, "Logs".
 */
export function redactedLine(message: string, fields: Record<string, unknown> | undefined): Record<string, unknown> {
  const line: Record<string, unknown> = { message: redactCredentials(message) };
  if (fields !== undefined) copyRedacted(fields, line, 1);
  return line;
}

function copyRedacted(from: object, into: Record<string, unknown>, depth: number): void {
  for (const key in from) {
    if (!Object.hasOwn(from, key)) continue;
    into[key] = SECRET_FIELD.test(key) ? CENSOR : redacted((from as Record<string, unknown>)[key], depth);
  }
}

function redacted(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return redactCredentials(value);
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) return redactCredentials(`${value.name}: ${value.message}`);
  if (depth > MAX_DEPTH) return '[too deep]';
  if (Array.isArray(value)) return value.map((item) => redacted(item, depth + 1));
  const copy: Record<string, unknown> = {};
  copyRedacted(value, copy, depth + 1);
  return copy;
}
