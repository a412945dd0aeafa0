/**
 * What a target waiting to be read back keeps: the span in which the lost call reached the
 * platform, if it did (from its start to when its answer was given up on), and why its outcome
 * was unknown.
 */
export interface ReadBackState {
  readonly sentFrom: Date;
  readonly sentUntil: Date;
  readonly reason: string;
}

// A platform's own checkpoints (a container id, an upload URL) never start with this.
const PREFIX = 'read-back:';

/** The target's checkpoint while it waits to be read back (kept where a platform keeps its processing checkpoint). */
export const readBackCheckpoint = (state: ReadBackState): string =>
  `${PREFIX}${JSON.stringify({ from: state.sentFrom.toISOString(), until: state.sentUntil.toISOString(), reason: state.reason })}`;

/** The read-back state a checkpoint holds, or null for none (or a platform's own checkpoint). */
export function readBackStateOf(checkpoint: string | null): ReadBackState | null {
  if (checkpoint === null || !checkpoint.startsWith(PREFIX)) return null;
  try {
    const parsed = JSON.parse(checkpoint.slice(PREFIX.length)) as { from?: unknown; until?: unknown; reason?: unknown };
    const sentFrom = dateOf(parsed.from);
    const sentUntil = dateOf(parsed.until);
    if (sentFrom === null || sentUntil === null || typeof parsed.reason !== 'string') return null;
    return { sentFrom, sentUntil, reason: parsed.reason };
  } catch {
    return null;
  }
}

function dateOf(value: unknown): Date | null {
  const date = new Date(typeof value === 'string' ? value : Number.NaN);
  return Number.isNaN(date.getTime()) ? null : date;
}
