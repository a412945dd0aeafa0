import { validationError } from '../shared/DomainError';
import { ValidationProblems } from '../shared/ValidationProblems';
import { canonicalTimeZone, instantOf, wallTimeAt } from './zonedTime';

export const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Day = (typeof DAYS)[number];

/** A weekly slot on the account's wall clock: `{"day": "mon", "time": "09:00"}`. */
export interface WeeklySlot {
  readonly day: Day;
  readonly time: string;
}

export interface PostingScheduleSnapshot {
  readonly connectionId: string;
  readonly timeZone: string;
  readonly slots: readonly WeeklySlot[];
  readonly updatedAt: Date | null;
}

export const MAX_SLOTS = 100;
const DAY_MS = 86_400_000;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

/**
 * When a connection's posts go out when they are queued rather than timed (docs/decisions.md,
 * "Posting schedules"): weekly slots on the wall clock of an IANA zone. Instants follow the
 * zone's daylight-saving changes: a slot the spring change skips is the first minute after the
 * jump; one the autumn change repeats is its first occurrence, used once.
 */
export class PostingSchedule {
  private constructor(private readonly props: PostingScheduleSnapshot) {}

  /** The schedule of a connection that has none yet: no slots, UTC. */
  static empty(connectionId: string): PostingSchedule {
    return new PostingSchedule({ connectionId, timeZone: 'UTC', slots: [], updatedAt: null });
  }

  /** Checked as a whole: every bad field named in one 422 `invalid_schedule`. */
  static create(input: { connectionId: string; timeZone: unknown; slots: unknown; now: Date }): PostingSchedule {
    const problems = new ValidationProblems();
    const timeZone = typeof input.timeZone === 'string' ? canonicalTimeZone(input.timeZone) : null;
    if (timeZone === null) problems.add('timeZone', 'must be an IANA time zone, like Europe/Berlin or America/New_York');
    const slots = Array.isArray(input.slots) ? input.slots : [];
    if (!Array.isArray(input.slots)) problems.add('slots', 'must be an array of {"day", "time"}');
    if (slots.length > MAX_SLOTS) problems.add('slots', `must hold at most ${MAX_SLOTS} slots`);
    const seen = new Map<string, number>();
    slots.forEach((slot: { day?: unknown; time?: unknown } | null, i) => {
      const path = `slots[${i}]`;
      if (typeof slot !== 'object' || slot === null || Array.isArray(slot)) {
        problems.add(path, 'must be an object {"day", "time"}');
        return;
      }
      for (const key of Object.keys(slot)) if (key !== 'day' && key !== 'time') problems.add(`${path}.${key}`, 'is not a field of a slot (day, time)');
      if (!(DAYS as readonly unknown[]).includes(slot.day)) problems.add(`${path}.day`, `must be one of ${DAYS.join(', ')}`);
      if (typeof slot.time !== 'string' || !TIME.test(slot.time)) problems.add(`${path}.time`, 'must be a time of day HH:MM, from 00:00 to 23:59');
      const key = `${String(slot.day)} ${String(slot.time)}`;
      if (seen.has(key)) problems.add(path, `repeats slots[${seen.get(key)}] (${key})`);
      else seen.set(key, i);
    });
    problems.throwIfAny('invalid_schedule');
    const ordered = (slots as WeeklySlot[]).map(({ day, time }) => ({ day, time })).sort(bySlot);
    return new PostingSchedule({ connectionId: input.connectionId, timeZone: timeZone!, slots: ordered, updatedAt: input.now });
  }

  static rehydrate(snapshot: PostingScheduleSnapshot): PostingSchedule {
    return new PostingSchedule(snapshot);
  }

  get isEmpty(): boolean {
    return this.props.slots.length === 0;
  }

  /** The slots' instants in [from, to), oldest first, each once. */
  slotsBetween(from: Date, to: Date): Date[] {
    const { timeZone, slots } = this.props;
    const instants = new Set<number>();
    // Every local day the range touches, a day either side for the zone's offset.
    for (let day = from.getTime() - DAY_MS; day < to.getTime() + DAY_MS; day += DAY_MS) {
      const date = wallTimeAt(new Date(day), timeZone);
      const weekday = DAYS[(new Date(Date.UTC(date.year, date.month - 1, date.day)).getUTCDay() + 6) % 7];
      for (const slot of slots) {
        if (slot.day !== weekday) continue;
        const [hour, minute] = slot.time.split(':').map(Number) as [number, number];
        const at = instantOf({ ...date, hour, minute }, timeZone).getTime();
        if (at >= from.getTime() && at < to.getTime()) instants.add(at);
      }
    }
    return [...instants].sort((a, b) => a - b).map((at) => new Date(at));
  }

  toSnapshot(): PostingScheduleSnapshot {
    return { ...this.props, slots: [...this.props.slots] };
  }
}

const bySlot = (a: WeeklySlot, b: WeeklySlot): number => DAYS.indexOf(a.day) - DAYS.indexOf(b.day) || a.time.localeCompare(b.time);

/** A range of slots to list: at most `maxDays` long, `from` before `to`. */
export function checkSlotRange(from: Date, to: Date, maxDays: number): void {
  if (to.getTime() <= from.getTime()) throw validationError('invalid_query', [{ path: 'to', message: 'must be after from' }]);
  if (to.getTime() - from.getTime() > maxDays * DAY_MS)
    throw validationError('invalid_query', [{ path: 'to', message: `must be at most ${maxDays} days after from` }]);
}
