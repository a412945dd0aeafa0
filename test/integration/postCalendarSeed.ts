import { type DataSource } from 'typeorm';
import { type Platform } from '../../domain/platform/Platform';
import { calendarTimeOf } from '../../domain/post/PostCalendar';
import { POST_STATUSES } from '../../domain/post/PostStatus';
import { rebuildCalendarDays } from '../../adapters/outbound/persistence/typeorm/sql/calendarDays';
import { dialectOf, valuesList } from '../../adapters/outbound/persistence/typeorm/sql/Dialect';
import { connectionIdFor } from '../support/data/connections';
import { SETTINGS } from '../support/data/settings';

/**
 * Three workspaces of 1,500 posts each, 20 minutes apart on the calendar, for the calendar's
 * EXPLAIN test: enough rows that both planners see a scan for what it costs. Per post, by its
 * index modulo 8 (times relative to the post's own):
 *   0, 4  TWITTER and BLUESKY at the same time (the tie goes to the smaller target id)
 *   1, 5  TWITTER, and LINKEDIN three days later
 *   2, 6  TWITTER published (due an hour before, calendar time: posted), BLUESKY two days before
 *   3     TWITTER without a time: outside every range
 *   7     TWITTER without a time, LINKEDIN on time
 * Eight posts in a row share a status, so every shape above comes in every post status. Rows
 * written as PostWrites writes them, the kept calendar days then made from them.
 */
export const WORKSPACES = ['W00000000000000000000000CA', 'W00000000000000000000000CB', 'W00000000000000000000000CC'];
export const WORKSPACE = WORKSPACES[1]!;
const POSTS = 1500;
const BASE = Date.parse('2032-05-01T00:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Twelve days in the middle of the seeded ones: several hundred posts, with siblings on both sides of each bound. */
export const RANGE = { from: new Date(BASE + 4 * DAY), to: new Date(BASE + 16 * DAY) };

interface SeedTarget {
  platform: Platform;
  scheduledAt: Date | null;
  postedAt?: Date;
}

function targetsOf(i: number): SeedTarget[] {
  const at = new Date(BASE + i * 20 * 60_000);
  const shifted = (ms: number) => new Date(at.getTime() + ms);
  switch (i % 8) {
    case 0:
    case 4:
      return [
        { platform: 'TWITTER', scheduledAt: at },
        { platform: 'BLUESKY', scheduledAt: at },
      ];
    case 1:
    case 5:
      return [
        { platform: 'TWITTER', scheduledAt: at },
        { platform: 'LINKEDIN', scheduledAt: shifted(3 * DAY) },
      ];
    case 2:
    case 6:
      return [
        { platform: 'TWITTER', scheduledAt: shifted(-HOUR), postedAt: at },
        { platform: 'BLUESKY', scheduledAt: shifted(-2 * DAY) },
      ];
    case 3:
      return [{ platform: 'TWITTER', scheduledAt: null }];
    default:
      return [
        { platform: 'TWITTER', scheduledAt: null },
        { platform: 'LINKEDIN', scheduledAt: at },
      ];
  }
}

export async function seedCalendar(dataSource: DataSource): Promise<void> {
  const d = dialectOf(dataSource);
  const now = new Date('2032-01-01T00:00:00.000Z');
  for (const workspaceId of WORKSPACES) {
    await dataSource.query('INSERT INTO workspaces (id, name, created_at) VALUES (?, ?, ?)', [workspaceId, workspaceId, d.date(now)]);
  }
  const groups = d.quote('groups');
  for (const workspaceId of WORKSPACES) {
    const lead = workspaceId.slice(-1);
    for (let start = 0; start < POSTS; start += 250) {
      const posts: unknown[] = [];
      const targets: unknown[] = [];
      let targetCount = 0;
      for (let i = start; i < start + 250; i++) {
        const postId = `P${lead}${String(i).padStart(24, '0')}`;
        const created = d.date(new Date(now.getTime() + i));
        posts.push(postId, workspaceId, POST_STATUSES[Math.floor(i / 8) % POST_STATUSES.length], 'app', '[]', created, created, 1);
        targetsOf(i).forEach((t, k) => {
          // Same-time siblings: the second has the smaller id, so ties are not settled by position.
          const targetId = `T${lead}${String(i * 2 + (i % 8 === 0 ? 1 - k : k)).padStart(24, '0')}`;
          const calendarAt = calendarTimeOf({ postedAt: t.postedAt ?? null, scheduledAt: t.scheduledAt });
          const status = t.postedAt ? 'published' : 'pending';
          targets.push(targetId, postId, workspaceId, connectionIdFor(t.platform), 'g_default', t.platform, JSON.stringify(SETTINGS[t.platform]));
          targets.push(d.dateOrNull(t.scheduledAt), d.dateOrNull(t.postedAt ?? null), d.dateOrNull(calendarAt), status, 0, k);
          targetCount++;
        });
      }
      await dataSource.query(
        `INSERT INTO posts (id, workspace_id, status, source, ${groups}, created_at, updated_at, version) VALUES ${valuesList(posts.length / 8, 8)}`,
        posts,
      );
      await dataSource.query(
        'INSERT INTO post_targets (id, post_id, workspace_id, connection_id, group_id, platform, settings, scheduled_at, posted_at, calendar_at, status, attempts, position) ' +
          `VALUES ${valuesList(targetCount, 13)}`,
        targets,
      );
    }
    await rebuildCalendarDays(dataSource.manager, d, workspaceId);
  }
}
