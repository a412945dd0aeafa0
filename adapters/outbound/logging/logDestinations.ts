import pino from 'pino';

/** Where a logger's lines go: `out` for every level but errors, `errors` for errors. */
export interface LogDestinations {
  readonly out: pino.DestinationStream;
  readonly errors: pino.DestinationStream;
}

/** A line sink: one JSON line, without its newline. */
export type LineSink = (line: string) => void;

/** 64 MiB of lines a stalled reader has not taken yet; past that new lines are dropped, not queued. */
const MAX_BUFFERED = 64 * 1024 * 1024;
/**
 * At most 4 KiB per write: sonic-boom measures the byte length of the chunk it is filling on
 * every line, so a 16 KiB chunk (its default) cost about 1.3 µs of the event loop per line more
 * in bench/logger.ts (docs/performance.md, "Issue 25: the logger").
 */
const MAX_WRITE = 4096;

type SonicBoom = ReturnType<typeof pino.destination>;

let stdio: { out: SonicBoom; errors: SonicBoom } | undefined;

/**
 * The process's stdout, written asynchronously: a line is handed to the kernel on a later tick,
 * and lines logged meanwhile go out together in one write (no `minLength`: a quiet service's
 * lines are not held back waiting for more). stderr, where only errors go, is written
 * synchronously: errors are few, and they are the lines an operator needs most when the
 * process dies next (an asynchronous write still in flight then is lost). One pair per
 * process, whatever number of loggers use it, so lines never interleave. Pino flushes stdout
 * synchronously when the process exits; flushLogsSync does it sooner.
 */
export function stdioDestinations(): LogDestinations {
  stdio ??= {
    out: pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED, maxWrite: MAX_WRITE }),
    errors: pino.destination({ dest: 2, sync: true }),
  };
  return stdio;
}

/**
 * Writes out, before returning, every line stdout still holds: for a process about to die,
 * whose last word must follow them (config/fatalErrors.ts).
 */
export function flushLogsSync(): void {
  try {
    stdio?.out.flushSync();
  } catch {
    // A closed or broken stream (EPIPE): nothing more can be written there.
  }
}

/** Both streams into one function, synchronously (tests, the fatal line). */
export function lineDestinations(sink: LineSink): LogDestinations {
  const destination = { write: (line: string) => sink(line.endsWith('\n') ? line.slice(0, -1) : line) };
  return { out: destination, errors: destination };
}
