import { type DataSource } from 'typeorm';
import { readDate } from '../../adapters/outbound/persistence/typeorm/sql/Dialect';

/** Helpers of postCalendarDays.contract.test.ts: the truth the kept day counts are checked against. */

const DAY = 86_400_000;

/** A repeatable sequence in [0, 1) (mulberry32), so a failure can be run again as it was. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Each post of the workspace with a calendar time: those times (ms), read straight from its targets. */
export async function storedCalendarTimes(dataSource: DataSource, workspaceId: string): Promise<Map<string, number[]>> {
  const rows: Array<{ post_id: string; calendar_at: unknown }> = await dataSource.query(
    'SELECT post_id, calendar_at FROM post_targets WHERE workspace_id = ? AND calendar_at IS NOT NULL',
    [workspaceId],
  );
  const times = new Map<string, number[]>();
  for (const row of rows) times.set(row.post_id, [...(times.get(row.post_id) ?? []), readDate(row.calendar_at)!.getTime()]);
  return times;
}

export interface KeptCounts {
  /** [day, posts] for every day with a post, ascending. */
  days: Array<[number, number]>;
  /** [day, next day, post] for every post and pair of consecutive days it has targets on. */
  links: Array<[number, number, string]>;
}

/** What the kept tables must hold for these times. */
export function postDaysOf(times: ReadonlyMap<string, number[]>): KeptCounts {
  const perDay = new Map<number, number>();
  const links: Array<[number, number, string]> = [];
  for (const [postId, at] of times) {
    const days = [...new Set(at.map((ms) => Math.floor(ms / DAY)))].sort((a, b) => a - b);
    for (const day of days) perDay.set(day, (perDay.get(day) ?? 0) + 1);
    for (let i = 1; i < days.length; i++) links.push([days[i - 1]!, days[i]!, postId]);
  }
  return { days: [...perDay].sort(([a], [b]) => a - b), links: links.sort(byKey) };
}

/** What the kept tables hold for the workspace (days whose posts are all gone, kept at 0, left out). */
export async function keptCountsOf(dataSource: DataSource, workspaceId: string): Promise<KeptCounts> {
  const days: Array<{ day: unknown; posts: unknown }> = await dataSource.query(
    'SELECT day, posts FROM post_calendar_days WHERE workspace_id = ? AND posts <> 0 ORDER BY day',
    [workspaceId],
  );
  const links: Array<{ day: unknown; next_day: unknown; post_id: string }> = await dataSource.query(
    'SELECT day, next_day, post_id FROM post_calendar_links WHERE workspace_id = ?',
    [workspaceId],
  );
  return {
    days: days.map((row) => [Number(row.day), Number(row.posts)]),
    links: links.map((row): [number, number, string] => [Number(row.day), Number(row.next_day), row.post_id]).sort(byKey),
  };
}

export interface Range {
  from?: Date;
  to?: Date;
}

/** The posts with a time in [from, to). */
export const totalIn = (times: ReadonlyMap<string, number[]>, { from, to }: Range): number =>
  [...times.values()].filter((at) => at.some((ms) => (from === undefined || ms >= from.getTime()) && (to === undefined || ms < to.getTime()))).length;

/**
 * `count` ranges over `days` days from `start` (a midnight): whole days, ranges starting or
 * ending inside a day (a millisecond either side of midnight too), shorter than a day, open
 * at one end, empty.
 */
export function randomRanges(random: () => number, start: number, days: number, count: number): Range[] {
  const midnight = () => start + Math.floor(random() * days) * DAY;
  const instant = () => {
    const shape = random();
    if (shape < 0.3) return midnight();
    if (shape < 0.45) return midnight() + (random() < 0.5 ? -1 : 1);
    return midnight() + Math.floor(random() * DAY);
  };
  const ranges: Range[] = [];
  for (let i = 0; i < count; i++) {
    const [a, b] = [instant(), instant()].sort((x, y) => x - y) as [number, number];
    const shape = i % 8;
    if (shape === 0) ranges.push({ from: new Date(a) });
    else if (shape === 1) ranges.push({ to: new Date(b) });
    else if (shape === 2) ranges.push({ from: new Date(a), to: new Date(a + Math.floor(random() * DAY)) });
    else ranges.push({ from: new Date(a), to: new Date(b) });
  }
  return ranges;
}

const byKey = (a: [number, number, string], b: [number, number, string]): number => a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
