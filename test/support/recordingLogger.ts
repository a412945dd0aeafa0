import { type Logger, type LogLevel } from '../../application/ports/Logger';

export interface LogLine {
  readonly level: LogLevel;
  readonly message: string;
  readonly fields: Record<string, unknown>;
}

/** A Logger that keeps every line, for a test to count what the service said and how often. */
export class RecordingLogger implements Logger {
  readonly lines: LogLine[] = [];

  debug(message: string, fields: Record<string, unknown> = {}): void {
    this.lines.push({ level: 'debug', message, fields });
  }
  info(message: string, fields: Record<string, unknown> = {}): void {
    this.lines.push({ level: 'info', message, fields });
  }
  warn(message: string, fields: Record<string, unknown> = {}): void {
    this.lines.push({ level: 'warn', message, fields });
  }
  error(message: string, fields: Record<string, unknown> = {}): void {
    this.lines.push({ level: 'error', message, fields });
  }

  /** How many lines carry `message`. */
  count(message: string): number {
    return this.lines.filter((line) => line.message === message).length;
  }

  /** Lines that hold a stack trace. */
  withStacks(): LogLine[] {
    return this.lines.filter((line) => line.fields.stack !== undefined);
  }
}
