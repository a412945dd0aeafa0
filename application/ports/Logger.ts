export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

/** Structured logging: a message plus flat fields. Callers never pass secrets. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}
