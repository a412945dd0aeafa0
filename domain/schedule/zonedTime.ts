/**
 * Wall-clock times in an IANA zone as instants, from the runtime's own zone database (Intl):
 * what a posting schedule's "Monday 09:00, Europe/Berlin" means on a given day, across
 * daylight-saving changes (docs/decisions.md, "Posting schedules").
 */

const MINUTE_MS = 60_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (format === undefined) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The zone's own name (`europe/berlin` → `Europe/Berlin`), or null when the runtime knows no such IANA zone. */
export function canonicalTimeZone(timeZone: string): string | null {
  if (timeZone.length === 0 || timeZone.length > 64) return null;
  try {
    return formatFor(timeZone).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

/** A date and a time of day on the wall clock (month 1–12). */
export interface WallTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
}

/** The wall-clock time an instant shows in `timeZone`. */
export function wallTimeAt(instant: Date, timeZone: string): WallTime {
  const parts = Object.fromEntries(
    formatFor(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, Number(p.value)]),
  );
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

/** Minutes the zone is ahead of UTC at an instant (Berlin in summer: 120). */
function offsetMinutes(instant: Date, timeZone: string): number {
  const wall = wallTimeAt(instant, timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return Math.round((asUtc - Math.floor(instant.getTime() / MINUTE_MS) * MINUTE_MS) / MINUTE_MS);
}

const sameMinute = (a: WallTime, b: WallTime): boolean =>
  a.year === b.year && a.month === b.month && a.day === b.day && a.hour === b.hour && a.minute === b.minute;

/**
 * The first instant showing `wall` in `timeZone`. A time that occurs twice (an autumn change)
 * is its first occurrence; a time that does not occur (a spring change skips it) is the first
 * valid minute after it, the instant the clocks jump.
 */
export function instantOf(wall: WallTime, timeZone: string): Date {
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  // The zone's offsets around that day: before and after any change on it.
  const offsets = [
    ...new Set([offsetMinutes(new Date(asUtc - 36 * 60 * MINUTE_MS), timeZone), offsetMinutes(new Date(asUtc + 36 * 60 * MINUTE_MS), timeZone)]),
  ];
  const showing = offsets
    .map((offset) => new Date(asUtc - offset * MINUTE_MS))
    .filter((instant) => sameMinute(wallTimeAt(instant, timeZone), wall))
    .sort((a, b) => a.getTime() - b.getTime());
  if (showing.length > 0) return showing[0]!;
  // Skipped: between the two readings of it lies the jump; the first minute past it is the answer.
  let low = asUtc - Math.max(...offsets) * MINUTE_MS;
  let high = asUtc - Math.min(...offsets) * MINUTE_MS;
  while (high - low > MINUTE_MS) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE_MS) * MINUTE_MS;
    if (offsetMinutes(new Date(middle), timeZone) === offsetMinutes(new Date(low), timeZone)) low = middle;
    else high = middle;
  }
  return new Date(high);
}
