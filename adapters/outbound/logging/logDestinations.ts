import pino from 'pino';

/** Where a logger's lines go: stdout for every level but errors, stderr for errors. */
export interface LogDestinations {
  readonly out: pino.DestinationStream;
  readonly errors: pino.DestinationStream;
}

/** A line sink: one JSON line, without its newline. */
export type LineSink = (line: string) => void;

/** 64 MiB of lines a stalled reader has not taken yet; past that new lines are dropped, not queued. */
const MAX_BUFFERED = 64 * 1024 * 1024;

type AsyncDestination = ReturnType<typeof pino.destination>;

let stdio: { out: AsyncDestination; errors: AsyncDestination } | undefined;

/**
 * The process's stdout and stderr, written asynchronously: a line is handed to the kernel on a
 * later tick, and lines logged meanwhile go out together in one write (no `minLength`: a quiet
 * service's lines are not held back waiting for more). One pair per process, whatever number
 * of loggers use it, so lines never interleave. Pino flushes both synchronously when the
 * process exits; flushLogsSync does it sooner.
 */
export function stdioDestinations(): LogDestinations {
  stdio ??= {
    out: pino.destination({ dest: 1, sync: false, maxLength: MAX_BUFFERED }),
    errors: pino.destination({ dest: 2, sync: false, maxLength: MAX_BUFFERED }),
  };
  return stdio;
}

/**
 * Writes out, before returning, every line the stdio destinations still hold: for a process
 * about to die, whose last word must follow them (config/fatalErrors.ts).
 */
export function flushLogsSync(): void {
  for (const destination of stdio === undefined ? [] : [stdio.out, stdio.errors]) {
    try {
      destination.flushSync();
    } catch {
      // A closed or broken stream (EPIPE): nothing more can be written there.
    }
  }
}

/** Both streams into one function, synchronously (tests, the fatal line). */
export function lineDestinations(sink: LineSink): LogDestinations {
  const destination = { write: (line: string) => sink(line.endsWith('\n') ? line.slice(0, -1) : line) };
  return { out: destination, errors: destination };
}
