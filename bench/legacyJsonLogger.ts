// The hand-written JSON logger the service used before pino (issue 25, item 3), kept only for
// bench/logger.ts to measure pino against in the same run. Not used by the service.
import { redactCredentials } from '../application/auth/redactCredentials';
import { type Logger, type LogLevel } from '../application/ports/Logger';

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
/** Field names that must never reach a log line, whatever a caller passes. */
const SECRET_FIELD = /authorization|password|secret|token|api_?key|cookie/i;

/**
 * One JSON object per line on stdout (stderr for errors), for log shippers. Fields named like a
 * secret are dropped whole; every other string, the message included, has its credential-looking
 * parts redacted, wherever a caller took it from (a path, a request id, an error's message).
 */
export class LegacyJsonLogger implements Logger {
  constructor(
    private readonly level: LogLevel | 'silent',
    private readonly write: (line: string, level: LogLevel) => void = defaultWrite,
  ) {}

  debug(message: string, fields?: Record<string, unknown>): void {
    this.log('debug', message, fields);
  }
  info(message: string, fields?: Record<string, unknown>): void {
    this.log('info', message, fields);
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    this.log('warn', message, fields);
  }
  error(message: string, fields?: Record<string, unknown>): void {
    this.log('error', message, fields);
  }

  private log(level: LogLevel, message: string, fields: Record<string, unknown> = {}): void {
    if (ORDER[level] < ORDER[this.level]) return;
    const safe = redacted(fields) as Record<string, unknown>;
    this.write(JSON.stringify({ time: new Date().toISOString(), level, message: redactCredentials(message), ...safe }), level);
  }
}

function redacted(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactCredentials(value);
  if (value === null || typeof value !== 'object' || value instanceof Date) return value;
  if (depth > 8) return '[too deep]';
  if (value instanceof Error) return redactCredentials(`${value.name}: ${value.message}`);
  if (Array.isArray(value)) return value.map((item) => redacted(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, SECRET_FIELD.test(key) ? '[redacted]' : redacted(inner, depth + 1)]));
}

function defaultWrite(line: string, level: LogLevel): void {
  (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
}
