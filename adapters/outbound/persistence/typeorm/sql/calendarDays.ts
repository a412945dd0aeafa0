import { type EntityManager } from 'typeorm';
import { calendarTimeOf } from '../../../../../domain/post/PostCalendar';
import { atCommit, COMMIT_RANK } from '../transactionContext';
import { type Dialect, readDate, valuesList } from './Dialect';

/**
 * The calendar's kept counts (PostCalendarDays migration; docs/performance.md, "Issue 21: the
 * calendar"): post_calendar_days holds, per workspace and UTC day, how many posts have a
 * target whose calendar time falls on that day; post_calendar_links one row per post and pair
 * of consecutive days it has targets on (only posts spread over several days have any). The
 * posts with a target in a run of whole days are then the days' counts summed, less the links
 * inside the run: a post on k of those days is counted k times and has k - 1 links there.
 * TypeOrmPostRepository moves both in the transaction of every save and remove, from the days
 * the post's targets were on before and after (calendarTimeOf, as PostWrites keeps calendar_at).
 */

export const DAY_MS = 86_400_000;

/** The day number (days since 1970-01-01 UTC) an instant falls on. */
export const dayOf = (at: Date): number => Math.floor(at.getTime() / DAY_MS);

/** The distinct days a post's targets are on, ascending; targets without a calendar time are on none. */
export function calendarDaysOf(targets: ReadonlyArray<{ readonly postedAt: Date | null; readonly scheduledAt: Date | null }>): number[] {
  const days = new Set<number>();
  for (const target of targets) {
    const at = calendarTimeOf(target);
    if (at !== null) days.add(dayOf(at));
  }
  return [...days].sort((a, b) => a - b);
}

/** Consecutive pairs of ascending days, as `day:next`. */
const linksOf = (days: readonly number[]): string[] => days.slice(1).map((next, i) => `${days[i]}:${next}`);

export class CalendarDays {
  constructor(private readonly d: Dialect) {}

  /**
   * From the days `before` (what is stored) to the days `after` (what the save writes). The
   * post's links are written at once (rows of its own); the day counts, shared by every writer
   * of that day, are added up per transaction and moved just before it commits, in one
   * statement, in key order, like post_counts (PostCounts). Always registers its commit step, even with nothing to move,
   * so that in every transaction the day rows are locked before the count rows (the repository
   * calls this before PostCounts.move), never the other way round.
   */
  async move(m: EntityManager, workspaceId: string, postId: string, before: readonly number[], after: readonly number[]): Promise<void> {
    const open = () => {
      const moves = new Map<string, [workspaceId: string, day: number, delta: number]>();
      return { state: moves, run: () => this.apply(m, moves) };
    };
    const noted = atCommit(m, this, open, COMMIT_RANK.calendarDays);
    const moves = noted ?? new Map<string, [string, number, number]>();
    const was = new Set(before);
    const now = new Set(after);
    for (const [days, other, delta] of [[before, now, -1] as const, [after, was, 1] as const]) {
      for (const day of days) {
        if (other.has(day)) continue;
        const key = `${workspaceId}\u0000${String(day).padStart(8, '0')}`;
        const [, , moved] = moves.get(key) ?? [workspaceId, day, 0];
        moves.set(key, [workspaceId, day, moved + delta]);
      }
    }
    await this.relink(m, workspaceId, postId, linksOf(before), linksOf(after));
    if (noted === null) await this.apply(m, moves);
  }

  /**
   * The days a stored post's targets are on, read before they are replaced: a locking read on
   * MySQL, so the latest committed rows, not the transaction's older snapshot.
   */
  async stored(m: EntityManager, postId: string): Promise<number[]> {
    const sql = `SELECT calendar_at FROM post_targets WHERE post_id = ? AND calendar_at IS NOT NULL${this.d.forUpdate}`;
    const rows = await m.query<Array<{ calendar_at: unknown }>>(sql, [postId]);
    return calendarDaysOf(rows.map((row) => ({ postedAt: readDate(row.calendar_at), scheduledAt: null })));
  }

  private async relink(m: EntityManager, workspaceId: string, postId: string, before: readonly string[], after: readonly string[]): Promise<void> {
    const gone = before.filter((link) => !after.includes(link)).map(pairOf);
    const made = after.filter((link) => !before.includes(link)).map(pairOf);
    for (const [day, next] of gone) {
      await m.query('DELETE FROM post_calendar_links WHERE workspace_id = ? AND day = ? AND next_day = ? AND post_id = ?', [workspaceId, day, next, postId]);
    }
    if (made.length > 0) {
      await m.query(
        `INSERT INTO post_calendar_links (workspace_id, day, next_day, post_id) VALUES ${valuesList(made.length, 4)}`,
        made.flatMap(([day, next]) => [workspaceId, day, next, postId]),
      );
    }
  }

  /**
   * One upsert of every day that moved, its rows in key order: MySQL takes their locks in that
   * order, so two transactions never hold one day each while waiting for the other's. A day's
   * first post makes its row; a day that loses a post had it counted, so its row exists, and
   * stays, at 0 once empty. On a duplicate the upsert takes the row's exclusive lock (as
   * PostCounts' does).
   */
  private async apply(m: EntityManager, moves: ReadonlyMap<string, [string, number, number]>): Promise<void> {
    const changes = [...moves].filter(([, [, , delta]]) => delta !== 0).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    if (changes.length === 0) return;
    await m.query(
      `INSERT INTO post_calendar_days (workspace_id, day, posts) VALUES ${valuesList(changes.length, 3)} ${this.addOnConflict}`,
      changes.flatMap(([, row]) => row),
    );
  }

  private get addOnConflict(): string {
    return this.d.sqlite
      ? 'ON CONFLICT (workspace_id, day) DO UPDATE SET posts = posts + excluded.posts'
      : 'ON DUPLICATE KEY UPDATE posts = posts + VALUES(posts)';
  }
}

/**
 * A workspace's kept days made again from its targets' calendar_at, as the PostCalendarDays
 * migration's backfill makes them: for rows written around the repository (the bench's seed,
 * test fixtures), as post_counts is made again after them.
 */
export async function rebuildCalendarDays(m: EntityManager, d: Dialect, workspaceId: string): Promise<void> {
  const day = d.sqlite ? 'CAST(julianday(substr(calendar_at, 1, 10)) - 2440587.5 AS INTEGER)' : 'TO_DAYS(calendar_at) - 719528';
  const postDays = `SELECT DISTINCT workspace_id, post_id, ${day} AS day FROM post_targets WHERE workspace_id = ? AND calendar_at IS NOT NULL`;
  await m.query('DELETE FROM post_calendar_links WHERE workspace_id = ?', [workspaceId]);
  await m.query('DELETE FROM post_calendar_days WHERE workspace_id = ?', [workspaceId]);
  await m.query(
    `INSERT INTO post_calendar_days (workspace_id, day, posts) SELECT workspace_id, day, COUNT(*) FROM (${postDays}) x GROUP BY workspace_id, day`,
    [workspaceId],
  );
  await m.query(
    'INSERT INTO post_calendar_links (workspace_id, day, next_day, post_id) SELECT workspace_id, day, next_day, post_id FROM ' +
      `(SELECT workspace_id, post_id, day, LEAD(day) OVER (PARTITION BY post_id ORDER BY day) AS next_day FROM (${postDays}) x) y WHERE next_day IS NOT NULL`,
    [workspaceId],
  );
}

const pairOf = (link: string): [number, number] => {
  const [day, next] = link.split(':');
  return [Number(day), Number(next)];
};
