import pino from 'pino';
import { type Logger, type LogLevel } from '../../../application/ports/Logger';
import { lineDestinations, type LineSink, type LogDestinations, stdioDestinations } from './logDestinations';
import { redactedLine } from './redactedFields';

const ORDER: Record<LogLevel | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
const NOWHERE: LineSink = () => {};

/**
 * One JSON object per line, `{"level":"info","time":"…","message":"…",…fields}`, on stdout
 * (stderr for errors), for log shippers; written by pino, asynchronously by default
 * (logDestinations.ts). Every string has its credentials redacted and every field named like a
 * secret is replaced (redactedFields.ts) before pino sees the line. `write` sends every line to
 * one function instead, synchronously.
 */
export class JsonLogger implements Logger {
  private readonly threshold: number;
  private readonly out: pino.Logger;
  private readonly errors: pino.Logger;

  constructor(level: LogLevel | 'silent', write?: LineSink) {
    this.threshold = ORDER[level];
    const destinations: LogDestinations = write !== undefined ? lineDestinations(write) : level === 'silent' ? lineDestinations(NOWHERE) : stdioDestinations();
    this.out = pino(options(level), destinations.out);
    this.errors = pino(options(level), destinations.errors);
  }

  debug(message: string, fields?: Record<string, unknown>): void {
    if (this.threshold <= ORDER.debug) this.out.debug(redactedLine(message, fields));
  }
  info(message: string, fields?: Record<string, unknown>): void {
    if (this.threshold <= ORDER.info) this.out.info(redactedLine(message, fields));
  }
  warn(message: string, fields?: Record<string, unknown>): void {
    if (this.threshold <= ORDER.warn) this.out.warn(redactedLine(message, fields));
  }
  error(message: string, fields?: Record<string, unknown>): void {
    if (this.threshold <= ORDER.error) this.errors.error(redactedLine(message, fields));
  }
}

/** The project's line: the level by name, an ISO time, no pid or hostname, `message` as the message's key. */
function options(level: LogLevel | 'silent'): pino.LoggerOptions {
  return {
    level,
    base: null,
    messageKey: 'message',
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
  };
}
