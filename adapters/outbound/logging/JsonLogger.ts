import { type Logger, type LogLevel } from '../../../application/ports/Logger';

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
/** Field names that must never reach a log line, whatever a caller passes. */
const SECRET_FIELD = /authorization|password|secret|token|api_?key|cookie/i;

/** One JSON object per line on stdout (stderr for errors), for log shippers. */
export class JsonLogger implements Logger {
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
    const safe = Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, SECRET_FIELD.test(key) ? '[redacted]' : value]));
    this.write(JSON.stringify({ time: new Date().toISOString(), level, message, ...safe }), level);
  }
}

function defaultWrite(line: string, level: LogLevel): void {
  (level === 'error' ? process.stderr : process.stdout).write(`${line}\n`);
}
