import { type MigrationInterface, type QueryRunner, Table, TableIndex } from 'typeorm';
import { cascadeTo, columnsFor } from './columns.v1';

/**
 * The calendar's `total` without counting a range's targets (docs/performance.md, "Issue 21:
 * the calendar"): post_calendar_days, per workspace and UTC day (days since 1970-01-01), the
 * posts with a target whose calendar_at falls on that day; post_calendar_links, for a post
 * with targets on several days, one row per pair of consecutive such days. Backfilled from
 * calendar_at; from then on TypeOrmPostRepository keeps both in the transaction of every save
 * and remove (sql/calendarDays.ts). Migrate before serving, as for post_counts.
 */
export class PostCalendarDays1732509600000 implements MigrationInterface {
  name = 'PostCalendarDays1732509600000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const c = columnsFor(queryRunner);
    await queryRunner.createTable(
      new Table({
        name: 'post_calendar_days',
        columns: [c.exact('workspace_id', 26, { isPrimary: true }), { ...c.integer('day'), isPrimary: true }, c.integer('posts')],
        foreignKeys: [cascadeTo('fk_post_calendar_days_workspace', 'workspace_id', 'workspaces')],
      }),
      false,
      true,
      true,
    );
    await queryRunner.createTable(
      new Table({
        name: 'post_calendar_links',
        columns: [
          c.exact('workspace_id', 26, { isPrimary: true }),
          { ...c.integer('day'), isPrimary: true },
          { ...c.integer('next_day'), isPrimary: true },
          c.exact('post_id', 26, { isPrimary: true }),
        ],
        indices: [new TableIndex({ name: 'idx_post_calendar_links_post', columnNames: ['post_id'] })],
        foreignKeys: [cascadeTo('fk_post_calendar_links_post', 'post_id', 'posts')],
      }),
      false,
      true,
      true,
    );
    // The UTC day of a calendar_at: SQLite keeps TypeORM's UTC text, MariaDB a DATETIME in UTC.
    const day = c.mysql ? 'TO_DAYS(calendar_at) - 719528' : 'CAST(julianday(substr(calendar_at, 1, 10)) - 2440587.5 AS INTEGER)';
    const postDays = `SELECT DISTINCT workspace_id, post_id, ${day} AS day FROM post_targets WHERE calendar_at IS NOT NULL`;
    await queryRunner.query(
      `INSERT INTO post_calendar_days (workspace_id, day, posts) SELECT workspace_id, day, COUNT(*) FROM (${postDays}) x GROUP BY workspace_id, day`,
    );
    await queryRunner.query(
      'INSERT INTO post_calendar_links (workspace_id, day, next_day, post_id) SELECT workspace_id, day, next_day, post_id FROM ' +
        `(SELECT workspace_id, post_id, day, LEAD(day) OVER (PARTITION BY post_id ORDER BY day) AS next_day FROM (${postDays}) x) y WHERE next_day IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('post_calendar_links', false, true, true);
    await queryRunner.dropTable('post_calendar_days', false, true, true);
  }
}
