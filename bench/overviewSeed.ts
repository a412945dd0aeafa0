import { type DataSource } from 'typeorm';
import { rebuildCalendarDays } from '../adapters/outbound/persistence/typeorm/sql/calendarDays';
import { dialectOf, inList } from '../adapters/outbound/persistence/typeorm/sql/Dialect';

const CHUNK = 1000;

/**
 * Gives the seeded workspace what the overview shows (docs/performance.md, "Issue 12: the
 * overview"): every 10th post scheduled (its targets pending at future times), every 20th
 * (another one) failed with an error (its targets failed, unposted, at the time they were
 * due); post_counts made again from the posts, as the seed does. calendar_at is kept as
 * PostWrites keeps it: posted_at ?? scheduled_at, and the calendar's kept days made again from it.
 */
export async function shapeForOverview(dataSource: DataSource, workspaceId: string): Promise<{ scheduled: number; failed: number }> {
  const d = dialectOf(dataSource);
  const rows = (await dataSource.query('SELECT id FROM posts WHERE workspace_id = ? ORDER BY id', [workspaceId])) as Array<{ id: string }>;
  const scheduled = rows.filter((_, i) => i % 10 === 0).map((r) => r.id);
  const failed = rows.filter((_, i) => i % 20 === 5).map((r) => r.id);
  await dataSource.transaction(async (m) => {
    for (let from = 0; from < scheduled.length; from += CHUNK) {
      const ids = scheduled.slice(from, from + CHUNK);
      const at = d.date(new Date(Date.UTC(2099, 0, 1) + from * 60_000));
      await m.query(`UPDATE posts SET status = 'scheduled' WHERE id IN (${inList(ids.length)})`, ids);
      await m.query(
        `UPDATE post_targets SET scheduled_at = ?, calendar_at = ?, status = 'pending', posted_at = NULL, platform_post_id = NULL WHERE post_id IN (${inList(ids.length)})`,
        [at, at, ...ids],
      );
    }
    for (let from = 0; from < failed.length; from += CHUNK) {
      const ids = failed.slice(from, from + CHUNK);
      await m.query(`UPDATE posts SET status = 'failed' WHERE id IN (${inList(ids.length)})`, ids);
      await m.query(
        `UPDATE post_targets SET status = 'failed', error = 'seeded failure', posted_at = NULL, platform_post_id = NULL, calendar_at = scheduled_at WHERE post_id IN (${inList(ids.length)})`,
        ids,
      );
    }
    const count = d.quote('count');
    await m.query('DELETE FROM post_counts WHERE workspace_id = ?', [workspaceId]);
    await m.query(
      `INSERT INTO post_counts (workspace_id, status, ${count}) SELECT workspace_id, status, COUNT(*) FROM posts WHERE workspace_id = ? GROUP BY workspace_id, status`,
      [workspaceId],
    );
    await rebuildCalendarDays(m, d, workspaceId);
  });
  return { scheduled: scheduled.length, failed: failed.length };
}
